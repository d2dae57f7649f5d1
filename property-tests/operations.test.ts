/**
 * Property tests of the operations rules (docs/operations.md; kernel/rules/operations.ts): the merge of remote and
 * local features, the cap on error reports, the alert of a server answer and the restricted time zones.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { defaultFeatures } from '../kernel/constants'
import {
  admitErrorReport,
  alertForServerAnswer,
  emptyErrorReportWindow,
  errorReportCap,
  isRestrictedTimeZone,
  mergeFeatures,
  restrictedTimeZones,
  type ErrorReportWindow,
} from '../kernel/rules/operations'

const runs = { numRuns: 300 }
const names = fc.constantFrom('receive', 'send', 'analytics', 'legalCheckbox', 'smartSessions', 'pay', 'swaps', 'onramp', 'email', 'socials')
const features = fc.dictionary(names, fc.boolean(), { maxKeys: 10 })

describe('remote and local features', () => {
  it("the integrator's setting always wins; remote switches a feature off, never on", () => {
    fc.assert(
      fc.property(features, features, (local, remote) => {
        const merged = mergeFeatures(defaultFeatures, local, remote)
        for (const name of new Set([...Object.keys(defaultFeatures), ...Object.keys(local), ...Object.keys(remote)])) {
          const base = (defaultFeatures as Record<string, boolean>)[name]
          if (name in local) expect(merged[name]).toBe(local[name])
          else if (remote[name] === false) expect(merged[name]).toBe(false)
          else expect(merged[name]).toBe(base)
          // Never on unless the integrator or the defaults say so.
          if (merged[name] === true) expect(local[name] === true || (!(name in local) && base === true)).toBe(true)
        }
      }),
      runs,
    )
  })

  it('with no remote features the merge is the defaults under the local settings; merging again changes nothing', () => {
    fc.assert(
      fc.property(features, features, (local, remote) => {
        expect(mergeFeatures(defaultFeatures, local, undefined)).toEqual({ ...defaultFeatures, ...local })
        expect(mergeFeatures(defaultFeatures, local, {})).toEqual({ ...defaultFeatures, ...local })
        const once = mergeFeatures(defaultFeatures, local, remote)
        expect(mergeFeatures(once, local, remote)).toEqual(once)
      }),
      runs,
    )
  })
})

describe('error reports: at most 5 per 60 s', () => {
  const gaps = fc.array(fc.integer({ min: -5_000, max: 30_000 }), { maxLength: 200 })

  it('in any 60 s, at most 5 are sent, whatever the errors and the clock; the state never holds more than 5 times', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), gaps, (start, steps) => {
        let state: ErrorReportWindow = emptyErrorReportWindow
        let now = start
        const sent: number[] = []
        let latest = -Infinity
        for (const step of steps) {
          now += step
          const result = admitErrorReport(state, now)
          state = result.state
          expect(state.sentAt.length).toBeLessThanOrEqual(errorReportCap.max)
          if (result.send) {
            latest = Math.max(now, latest)
            sent.push(latest)
          }
        }
        for (let i = errorReportCap.max; i < sent.length; i++) expect(sent[i]! - sent[i - errorReportCap.max]!).toBeGreaterThanOrEqual(errorReportCap.window)
      }),
      runs,
    )
  })

  it('1,000 errors in one window give 5 reports, and the next report carries the 995 dropped', () => {
    let state = emptyErrorReportWindow
    let sends = 0
    for (let i = 0; i < 1_000; i++) {
      const result = admitErrorReport(state, 1_000 + i)
      state = result.state
      if (result.send) sends++
    }
    expect(sends).toBe(5)
    expect(state.sentAt).toHaveLength(5)
    expect(state.dropped).toBe(995)
    const next = admitErrorReport(state, 1_000 + errorReportCap.window)
    expect(next).toMatchObject({ send: true, dropped: 995, state: { dropped: 0 } })
  })

  it('errors spaced by 12 s or more are all sent', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 12_000, max: 100_000 }), { maxLength: 50 }), (steps) => {
        let state = emptyErrorReportWindow
        let now = 0
        for (const step of steps) {
          now += step
          const result = admitErrorReport(state, now)
          expect(result.send).toBe(true)
          state = result.state
        }
      }),
      runs,
    )
  })
})

describe('alerts from server answers', () => {
  it("maps the three server messages whatever the status: 'Unauthorized: origin not allowed', 'JWT validation error: JWT Token is not yet valid', 'Unauthorized: invalid key'", () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), (status) => {
        expect(alertForServerAnswer(status, 'Unauthorized: origin not allowed')).toBe('ORIGIN_NOT_ALLOWED')
        expect(alertForServerAnswer(status, ' JWT validation error: JWT Token is not yet valid ')).toBe('SESSION_EXPIRED')
        expect(alertForServerAnswer(status, 'Unauthorized: invalid key')).toBe('INVALID_PROJECT_ID')
      }),
      runs,
    )
  })

  it('otherwise by status: 403, 401, 429 and 5xx raise an alert; 2xx, 3xx and other 4xx none', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), fc.option(fc.string(), { nil: undefined }), (status, message) => {
        fc.pre(!['Unauthorized: origin not allowed', 'JWT validation error: JWT Token is not yet valid', 'Unauthorized: invalid key'].includes((message ?? '').trim()))
        const alert = alertForServerAnswer(status, message)
        const expected = status === 403 ? 'ORIGIN_NOT_ALLOWED' : status === 401 ? 'INVALID_PROJECT_ID' : status === 429 ? 'RATE_LIMITED' : status >= 500 ? 'SERVER_ERROR' : undefined
        expect(alert).toBe(expected)
      }),
      runs,
    )
  })
})

describe('restricted time zones', () => {
  it('every listed zone is restricted in any case; no other zone is', () => {
    for (const zone of restrictedTimeZones) {
      expect(isRestrictedTimeZone(zone)).toBe(true)
      expect(isRestrictedTimeZone(zone.toUpperCase())).toBe(true)
    }
    const listed = new Set(restrictedTimeZones.map((zone) => zone.toLowerCase()))
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom(...Intl.supportedValuesOf('timeZone'))), (zone) => {
        expect(isRestrictedTimeZone(zone)).toBe(listed.has(zone.trim().toLowerCase()))
      }),
      runs,
    )
    for (const zone of ['Asia/Hong_Kong', 'Asia/Taipei', 'Europe/Paris', 'UTC', '', undefined]) expect(isRestrictedTimeZone(zone)).toBe(false)
  })
})
