import { describe, expect, it } from 'vitest'
import { activityFailures, defaultActivityOptions, type ActivityFigures, type ActivitySeries } from './activity-run'
import { activityHeader, activityHow, activityMarkdown, activityRows, mdTable } from './report'
import { summarize } from './stats'

const series = (frames: number[], history: number[], viewLoaded: number, scripts: number, historyBefore = history.length): ActivitySeries => ({
  frame: summarize(frames),
  dom: summarize(frames.map((f) => f - 3)),
  viewLoaded,
  history: summarize(history),
  historyBefore,
  scripts: summarize(frames.map(() => scripts)),
  scriptBytes: summarize(frames.map(() => scripts * 2_000)),
})

const figures: ActivityFigures = {
  chromium: '1.0',
  first: series([60, 50, 70], [20, 25, 30], 1, 1),
  second: series([20, 16, 30], [10, 12, 14], 3, 0, 1),
  tried: 3,
  firstShown: 3,
  secondShown: 3,
  outsideRequests: [],
  consoleErrors: [],
}

describe('the Activity section of the report', () => {
  it('has a row per open with median, min and max, and the runs’ record', () => {
    const rows = activityRows(figures)
    expect(rows.map((r) => r.slice(0, 4))).toEqual([
      ['Activity row clicked → first transaction row painted', '60.0 ms', '50.0 ms', '70.0 ms'],
      ['again in the same page (Back, Activity)', '20.0 ms', '16.0 ms', '30.0 ms'],
      ['runs', '3/3 opened twice', '—', '—'],
    ])
    expect(rows[0]?.[4]).toContain('first row in DOM 57.0 ms')
    expect(rows[0]?.[4]).toContain('the history request (`GET /v1/account/…/history`) answered 25.0 ms after the click (3 of 3; by the painted frame in 3)')
    expect(rows[1]?.[4]).toContain('(3 of 3; by the painted frame in 1)')
    expect(rows[0]?.[4]).toContain('the Activity chunk had loaded 1/3')
    expect(rows[1]?.[4]).toContain('the Activity chunk had loaded 3/3')
    expect(rows[2]?.[4]).toBe('3/3 first opens showed a row; 0 outside requests, 0 console errors')
    expect(mdTable(activityHeader, rows).split('\n')).toHaveLength(5)
  })

  it('says what is timed, and the chunk’s bytes when given', () => {
    const how = activityHow(figures, defaultActivityOptions).join('\n')
    expect(how).toContain('first animation-frame callback')
    expect(how).toContain('li[data-feature="activity"]')
    expect(how).not.toContain('**bytes**')
    expect(activityHow(figures, defaultActivityOptions, 4_400).join('\n')).toContain('the first load does not grow by it')
    const section = activityMarkdown(figures, defaultActivityOptions)
    expect(section[0]).toBe('## Activity')
    expect(section).toContain('### How (Activity)')
    expect(section.at(-1)).toBe('')
  })

  it('reads figures back from JSON, an open that never showed a row included', () => {
    const none = series([], [], 0, 0)
    const read = JSON.parse(JSON.stringify({ ...figures, second: none, secondShown: 0 })) as ActivityFigures
    const rows = activityRows(read)
    expect(rows[0]?.slice(1, 4)).toEqual(['60.0 ms', '50.0 ms', '70.0 ms'])
    expect(rows[1]?.slice(1, 5)).toEqual(['none', '—', '—', 'no second open showed a transaction row within 15 s (3 tried)'])
    expect(rows[2]?.[1]).toBe('0/3 opened twice')
  })

  it('fails on an open that showed no row, or an outside request', () => {
    expect(activityFailures(figures)).toEqual([])
    expect(activityFailures({ ...figures, firstShown: 2, secondShown: 1, outsideRequests: ['https://example.com/'] })).toEqual([
      'error: Activity: 1 of 3 first opens never showed a transaction row',
      'error: Activity: 2 of 3 second opens never showed a transaction row',
      'error: a request left 127.0.0.1: https://example.com/',
    ])
  })
})
