/**
 * A machine action whose real implementation the component supplies with `machine.provide`;
 * it only fixes the params type in `setup()`.
 */
export function providedLater<TParams = undefined>(): (args: unknown, params: TParams) => void {
  return () => {}
}
