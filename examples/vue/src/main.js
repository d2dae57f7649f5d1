import { createApp } from 'vue'
import App from './App.vue'
import { latch } from './latch'

createApp(App).mount('#app')

// For the end-to-end test, which reads Latch's log.
window.latch = latch
