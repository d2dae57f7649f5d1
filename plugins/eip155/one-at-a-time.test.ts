import { Subject, timer, VirtualTimeScheduler, map } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { oneAtATime } from './one-at-a-time'

describe('oneAtATime', () => {
  it('runs one at a time, remembers only the last value that came meanwhile, and loses none', () => {
    const scheduler = new VirtualTimeScheduler()
    const input = new Subject<number>()
    const started: number[] = []
    const done: number[] = []
    input.pipe(oneAtATime((n) => (started.push(n), timer(10, scheduler).pipe(map(() => n))))).subscribe((n) => done.push(n))
    input.next(1)
    input.next(2)
    input.next(3) // replaces 2
    expect(started).toEqual([1])
    scheduler.flush()
    expect(started).toEqual([1, 3])
    expect(done).toEqual([1, 3])
    input.next(4)
    expect(started).toEqual([1, 3, 4])
  })

  it('completes once the source and the last run have', () => {
    const scheduler = new VirtualTimeScheduler()
    const input = new Subject<number>()
    let completed = false
    input.pipe(oneAtATime(() => timer(10, scheduler))).subscribe({ complete: () => (completed = true) })
    input.next(1)
    input.complete()
    expect(completed).toBe(false)
    scheduler.flush()
    expect(completed).toBe(true)
  })
})
