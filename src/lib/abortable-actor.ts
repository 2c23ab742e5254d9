import { fromPromise } from 'xstate'

/**
 * A promise actor for a request that its AbortSignal cancels. Once the signal has aborted (the actor
 * was stopped: a newer query replaced it, or the component went away), the request's outcome is
 * dropped instead of reported: @xstate/react restores a stopped actor's children as active when React
 * remounts a component (StrictMode, Activity), so a late "aborted" rejection would land as a failure.
 */
export function fromAbortable<TOutput, TInput>(request: (input: TInput, signal: AbortSignal) => Promise<TOutput>) {
  return fromPromise<TOutput, TInput>(
    ({ input, signal }) =>
      new Promise((resolve, reject) => {
        request(input, signal).then(
          (output) => signal.aborted || resolve(output),
          (error: unknown) => signal.aborted || reject(error),
        )
      }),
  )
}
