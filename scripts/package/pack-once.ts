/**
 * The `package` project's global set-up (vitest.config.ts): builds the package and packs it once, for every file of the
 * project; each file installs that same tarball into its own fresh app (`inject('latchPack')`). Building and packing it
 * again in each file gave the same tarball four times over. The folder of the tarball goes when the run ends.
 */
import { rmSync } from 'node:fs'
import type { TestProject } from 'vitest/node'
import { buildPackage } from '../build'
import { packLatch } from './tarball'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The packed tarball's path and the files npm pack put in it. */
    latchPack: { tarball: string; files: string[] }
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  await buildPackage()
  const { tarball, files, folder } = await packLatch()
  project.provide('latchPack', { tarball, files })
  return () => rmSync(folder, { recursive: true, force: true })
}
