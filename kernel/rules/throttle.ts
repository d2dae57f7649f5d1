import { constants } from '../constants'
import { LatchError } from '../engine/errors'

/**
 * docs/behaviour.md, "E-mail throttle": a new e-mail login or code request within 30 s of the last is refused with
 * 'Please try again after {n} seconds', n the seconds left, rounded up. Returns the
 * error to show, or undefined when the request may go ahead.
 */
export function checkEmailThrottle(
  lastRequestAt: number | undefined,
  now: number,
  cooldown: number = constants.emailLoginCooldown,
): LatchError | undefined {
  if (lastRequestAt === undefined) return undefined
  const left = lastRequestAt + cooldown - now
  if (left <= 0 || now < lastRequestAt) return undefined
  return new LatchError('EMAIL_THROTTLED', { values: { n: Math.ceil(left / 1000) } })
}
