import { describe, expect, it } from 'vitest'
import { checkEmailThrottle } from './throttle'

describe('checkEmailThrottle', () => {
  it('lets the first request through', () => {
    expect(checkEmailThrottle(undefined, 1_000)).toBeUndefined()
  })
  it('refuses within 30 s with the seconds left, rounded up', () => {
    const error = checkEmailThrottle(10_000, 10_001)
    expect(error?.code).toBe('EMAIL_THROTTLED')
    expect(error?.shortMessage).toBe('Please try again after 30 seconds')
    expect(checkEmailThrottle(10_000, 39_000)?.shortMessage).toBe('Please try again after 1 seconds')
    expect(checkEmailThrottle(10_000, 38_999)?.shortMessage).toBe('Please try again after 2 seconds')
  })
  it('allows again once 30 s have passed', () => {
    expect(checkEmailThrottle(10_000, 40_000)).toBeUndefined()
  })
})
