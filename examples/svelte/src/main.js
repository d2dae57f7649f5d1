import { mount } from 'svelte'
import App from './App.svelte'
import { latch } from './latch'

mount(App, { target: document.getElementById('app') })

// For the end-to-end test, which reads Latch's log.
window.latch = latch
