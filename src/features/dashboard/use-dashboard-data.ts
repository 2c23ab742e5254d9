import { useCallback, useEffect, useState } from 'react'
import { toaster } from '../../components/ui/toaster'
import { ApiError, errorCodes } from '../../lib/api-error'
import type { AppointmentsApi } from '../appointments/api/appointments-api'
import type { Appointment } from '../appointments/appointment.schema'
import type { LeadsApi } from '../leads/api/leads-api'
import type { Lead } from '../../lib/lead-fields'

export interface DashboardApis {
  /** Throws an ApiError coded admin_access_required unless the signed-in user holds the admin role. */
  auth: { requireAdmin: () => Promise<void> }
  leads: Pick<LeadsApi, 'fetchLeads'>
  appointments: Pick<AppointmentsApi, 'fetchAppointments'>
}

function announceLeadLoadFailure(error: unknown) {
  console.error(error)
  const message = error instanceof Error && error.message ? error.message : 'Failed to fetch leads. Admin access required.'
  toaster.create({ title: 'Access Error', description: message, type: 'error' })
  if (error instanceof ApiError && error.code === errorCodes.adminAccessRequired) {
    toaster.create({
      title: 'Admin Setup Required',
      description: 'Please ask the administrator to assign you admin role in the database.',
      type: 'error',
    })
  }
}

/** Leads and appointments of the dashboard; leads only after the admin check passes. */
export function useDashboardData(apis: DashboardApis) {
  const [leads, setLeads] = useState<Lead[]>([])
  const [appointments, setAppointments] = useState<Appointment[]>([])
  const [loading, setLoading] = useState(true)
  const [isAdmin, setIsAdmin] = useState(false)

  const reloadAppointments = useCallback(
    async (announceFailure: boolean) => {
      try {
        setAppointments(await apis.appointments.fetchAppointments('descending'))
      } catch (error) {
        console.error(error)
        if (announceFailure) toaster.create({ title: 'Error', description: 'Failed to fetch appointments', type: 'error' })
      }
    },
    [apis],
  )

  useEffect(() => {
    let active = true
    async function load() {
      try {
        await apis.auth.requireAdmin()
        const loaded = await apis.leads.fetchLeads()
        if (!active) return
        setLeads(loaded)
        setIsAdmin(true)
        await reloadAppointments(false)
      } catch (error) {
        if (active) announceLeadLoadFailure(error)
      } finally {
        if (active) setLoading(false)
      }
    }
    void load()
    return () => {
      active = false
    }
  }, [apis, reloadAppointments])

  const replaceLead = useCallback(
    (updated: Lead) => setLeads((current) => current.map((lead) => (lead.id === updated.id ? updated : lead))),
    [],
  )

  return { leads, appointments, loading, isAdmin, replaceLead, reloadAppointments }
}
