/**
 * Ranking of a network's RPC URLs (docs/networks.md, "Several RPC URLs"): every 4 s each URL is pinged
 * (`net_listening`, 1 s at most); the last 10 samples score each URL by stability (share of answered pings,
 * weight 0.7) and latency (1 − its mean latency ÷ the slowest latency seen, weight 0.3); a URL that never
 * answered scores 0. The best score is tried first.
 */
import { catchError, exhaustMap, forkJoin, map, of, scan, timer, type Observable } from 'rxjs'
import { constants, type Ports } from '../../kernel/index'
import { rpcCall } from './rpc'

/** One ping of one URL: how long it took on the clock port, and whether it was answered. */
export type PingSample = { latency: number; success: boolean }

/** How long a ranking ping may take before it counts as failed. */
export const pingTimeout = 1_000

export type RankOptions = {
  interval?: number
  sampleCount?: number
  weights?: { stability: number; latency: number }
}

/**
 * The URL indexes, best first, from rounds of samples (one sample per URL in each round). Equal scores keep
 * the configured order, so with no sample (or all alike) the order is the integrator's.
 */
export function rankOrder(
  rounds: readonly (readonly PingSample[])[],
  urlCount: number,
  weights: { stability: number; latency: number } = constants.rpcFallback.weights,
): number[] {
  const maxLatency = Math.max(0, ...rounds.flatMap((round) => round.map((sample) => sample.latency)))
  const scores = Array.from({ length: urlCount }, (_, i) => {
    const samples = rounds.map((round) => round[i]).filter((sample): sample is PingSample => sample !== undefined)
    if (samples.length === 0) return 0
    const stability = samples.filter((sample) => sample.success).length / samples.length
    if (stability === 0) return 0
    const meanLatency = samples.reduce((sum, sample) => sum + sample.latency, 0) / samples.length
    const latencyScore = maxLatency > 0 ? 1 - meanLatency / maxLatency : 1
    return weights.latency * latencyScore + weights.stability * stability
  })
  return scores.map((score, i) => ({ score, i })).sort((a, b) => b.score - a.score || a.i - b.i).map(({ i }) => i)
}

/**
 * Pings every URL each `interval` ms of the clock port (the first round at once), keeps the last `sampleCount`
 * rounds and emits the ranked order after each round. Runs until unsubscribed.
 */
export function rankUrls(ports: Ports, urls: readonly string[], options: RankOptions = {}): Observable<number[]> {
  const { pollingInterval, sampleCount, weights } = constants.rpcFallback
  const interval = options.interval ?? pollingInterval
  const count = options.sampleCount ?? sampleCount
  return timer(0, interval, ports.scheduler).pipe(
    exhaustMap(() => forkJoin(urls.map((url) => ping(ports, url)))),
    scan((rounds: readonly PingSample[][], round: PingSample[]) => [...rounds, round].slice(-count), []),
    map((rounds) => rankOrder(rounds, urls.length, options.weights ?? weights)),
  )
}

function ping(ports: Ports, url: string): Observable<PingSample> {
  const start = ports.scheduler.now()
  const sample = (success: boolean): PingSample => ({ latency: ports.scheduler.now() - start, success })
  return rpcCall(ports, url, 'net_listening', [], pingTimeout).pipe(
    map(() => sample(true)),
    catchError(() => of(sample(false))),
  )
}
