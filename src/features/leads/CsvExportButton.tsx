import { Button, HStack, Progress, Text } from '@chakra-ui/react'
import { usePhoneLayout } from '@/components/ui/use-phone-layout'
import { useMachine } from '@xstate/react'
import { useMemo } from 'react'
import { toaster } from '@/components/ui/toaster'
import { fromAbortable } from '@/lib/abortable-actor'
import type { CsvChunk } from './api/lead-csv-chunks'
import type { LeadsApi } from './api/leads-api'
import { leadsCsvFileName } from './csv-export'
import { csvExportMachine, type CsvChunkRequest } from './csv-export.machine'
import { downloadFile } from '@/lib/download-file'
import type { LeadFilters } from './lead-query'
import type { TeamMember } from '@/lib/team'

interface CsvExportButtonProps {
  api: Pick<LeadsApi, 'fetchLeadsCsvChunk'>
  /** The filters of the rows the table shows: the export writes every lead matching them. */
  filters: LeadFilters
  total: number | null
  /** Names the owners in the file. */
  team: readonly TeamMember[]
}

const count = (value: number) => value.toLocaleString('en-IN')

/** 'Export CSV', then the export's progress with a Cancel button. */
export function CsvExportButton({ api, filters, total, team }: CsvExportButtonProps) {
  const machine = useMemo(
    () =>
      csvExportMachine.provide({
        actors: {
          fetchChunk: fromAbortable<CsvChunk, CsvChunkRequest>((chunk, signal) =>
            api.fetchLeadsCsvChunk(chunk.filters, chunk.after, chunk.size, signal),
          ),
        },
        actions: {
          saveFile: (_, parts) => downloadFile(leadsCsvFileName(new Date()), new Blob(parts, { type: 'text/csv;charset=utf-8' })),
          notifyExportFailed: (_, error) => {
            console.error(error)
            toaster.create({ title: 'Failed to export leads', type: 'error' })
          },
        },
      }),
    [api],
  )
  const [snapshot, send] = useMachine(machine, { input: {} })
  const phone = usePhoneLayout()

  if (snapshot.matches('idle')) {
    return (
      <Button variant="outline" size={phone ? 'lg' : 'md'} onClick={() => send({ type: 'export.start', filters, total, team })}>
        Export CSV
      </Button>
    )
  }
  const { written, total: expected } = snapshot.context
  return (
    <HStack gap="2" role="status" wrap="wrap">
      <Progress.Root
        width="32"
        size="sm"
        value={expected ? Math.min(100, (written / expected) * 100) : null}
        aria-label="Export progress"
      >
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm">
        Exporting {count(written)}
        {expected === null ? '' : ` of ${count(expected)}`}...
      </Text>
      <Button variant="outline" size={phone ? 'lg' : 'sm'} onClick={() => send({ type: 'export.cancel' })}>
        Cancel
      </Button>
    </HStack>
  )
}
