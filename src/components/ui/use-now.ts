import { useEffect, useState } from 'react'

/** The current time, read again every `everyMs`: for what a clock decides on screen (a note's editing window, an overdue mark). */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}
