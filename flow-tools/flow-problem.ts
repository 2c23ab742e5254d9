export interface FlowProblem {
  file: string
  line: number
  col: number
  message: string
}

export function formatProblem(problem: FlowProblem): string {
  return `${problem.file}:${problem.line}:${problem.col} ${problem.message}`
}
