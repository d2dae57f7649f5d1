import { version } from 'react'
import { version as domVersion } from 'react-dom'
import { describe, expect, it } from 'vitest'

// vitest.config.ts runs the UI tests twice: on React 19 (project unit) and on React 18.3 (unit-react18).
describe('React under test', () => {
  it('is React 18.3 in unit-react18 and React 19 elsewhere, react-dom the same version', ({ task }) => {
    expect(domVersion).toBe(version)
    expect(version).toMatch(task.file.projectName === 'unit-react18' ? /^18\.3\./ : /^19\./)
  })
})
