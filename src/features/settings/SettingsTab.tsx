import { Button, HStack, Stack, Switch, Text } from '@chakra-ui/react'
import { useMachine } from '@xstate/react'
import { useMemo, type ReactNode } from 'react'
import { fromPromise } from 'xstate'
import { toaster } from '@/components/ui/toaster'
import { usePhoneLayout } from '@/components/ui/use-phone-layout'
import type { ListChanges } from '@/lib/list-changes'
import type { AvailabilityApi } from './api/availability-api'
import type { SettingsApi } from './api/settings-api'
import { availabilityTexts } from './availability-texts'
import { AvailabilitySection } from './AvailabilitySection'
import { SettingsSection } from './SettingsSection'
import { roundRobinMachine } from './round-robin.machine'

export const settingsTexts = {
  assignment: 'Lead assignment',
  roundRobin: 'Assign new leads round-robin among staff',
  roundRobinHelp: 'Each new lead goes to the next staff member in turn, by name. With no staff, new leads stay Unassigned.',
  on: 'Round-robin assignment is on',
  off: 'Round-robin assignment is off',
  loadFailed: 'Failed to load the settings',
  saveFailed: 'Failed to change the setting',
  retry: 'Retry',
} as const

interface SettingsTabProps {
  api: Pick<SettingsApi, 'fetchRoundRobin' | 'setRoundRobin'>
  availabilityApi: AvailabilityApi
  /** Bookings changed elsewhere: those needing attention are read again. */
  bookingChanges?: ListChanges<{ type: 'availability.recheck' }>
  /** Opens a booking needing attention to move it. */
  onReschedule?: (appointmentId: string) => void
  /** Sections other features add after availability (Privacy). */
  moreSections?: readonly { title: string; content: ReactNode }[]
}

/** The admins' settings, a page of sections: lead assignment (round-robin), availability for bookings, and those other features add. */
export function SettingsTab({ api, availabilityApi, bookingChanges, onReschedule, moreSections = [] }: SettingsTabProps) {
  const machine = useMemo(
    () =>
      roundRobinMachine.provide({
        actors: {
          fetchRoundRobin: fromPromise(() => api.fetchRoundRobin()),
          setRoundRobin: fromPromise(({ input }) => api.setRoundRobin(input)),
        },
        actions: {
          notifyFailed: (_, error) => {
            console.error(error)
            toaster.create({ title: settingsTexts.saveFailed, type: 'error' })
          },
          notifySaved: (_, enabled) => toaster.create({ title: enabled ? settingsTexts.on : settingsTexts.off, type: 'success' }),
        },
      }),
    [api],
  )
  const [snapshot, send] = useMachine(machine)
  const phone = usePhoneLayout()
  const checked = snapshot.context.requested ?? snapshot.context.enabled
  return (
    <Stack gap="4">
      <SettingsSection title={settingsTexts.assignment}>
        {snapshot.matches('failed') ? (
          <HStack>
            <Text color="fg.error">{settingsTexts.loadFailed}</Text>
            <Button variant="outline" size={phone ? 'lg' : 'sm'} onClick={() => send({ type: 'roundRobin.retry' })}>
              {settingsTexts.retry}
            </Button>
          </HStack>
        ) : (
          <Switch.Root
            size={phone ? 'lg' : 'md'}
            checked={checked}
            disabled={!snapshot.matches('shown')}
            onCheckedChange={(details) => send({ type: 'roundRobin.set', enabled: details.checked })}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>{settingsTexts.roundRobin}</Switch.Label>
          </Switch.Root>
        )}
        <Text fontSize="sm" color="fg.muted">
          {settingsTexts.roundRobinHelp}
        </Text>
      </SettingsSection>
      <SettingsSection title={availabilityTexts.title}>
        <AvailabilitySection api={availabilityApi} changes={bookingChanges} onReschedule={onReschedule} />
      </SettingsSection>
      {moreSections.map((section) => (
        <SettingsSection key={section.title} title={section.title}>
          {section.content}
        </SettingsSection>
      ))}
    </Stack>
  )
}
