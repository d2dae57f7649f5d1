import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vite'

export default defineConfig({
  // Vue leaves <latch-…> tags to the browser, which knows them once mountLatch has defined them (docs/vue.md).
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('latch-') } } })],
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
})
