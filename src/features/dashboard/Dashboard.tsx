import { useMemo } from 'react'
import { dashboardApi } from './api'
import { DashboardScreen, type DashboardScreenProps } from './DashboardScreen'

export interface DashboardProps extends Omit<DashboardScreenProps, 'apis'> {
  /** The other features' apis; the dashboard adds its own (the stat cards' query). */
  apis: Omit<DashboardScreenProps['apis'], 'stats'>
}

/** The dashboard on the app's one client. */
export function Dashboard({ apis, ...props }: DashboardProps) {
  const withStats = useMemo(() => ({ ...apis, stats: dashboardApi }), [apis])
  return <DashboardScreen {...props} apis={withStats} />
}
