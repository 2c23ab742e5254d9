import { Table, Text } from '@chakra-ui/react'
import type { FunnelStep } from './funnel-steps'
import { formatCount, formatPercent, formatSeconds } from './insights-format'

export function FunnelTable({ steps }: { steps: readonly FunnelStep[] }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" maxW="full">
      <Table.Root size="sm" aria-label="Funnel by step">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Step</Table.ColumnHeader>
            <Table.ColumnHeader>Question</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Reached</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Went on</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Drop-off</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Median time on step</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {steps.map((step) => (
            <Table.Row key={step.id} data-step={step.id}>
              <Table.Cell fontFamily="mono" fontSize="xs">
                {step.id}
              </Table.Cell>
              <Table.Cell minW="56" maxW="md">
                <Text lineClamp="2">{step.question}</Text>
              </Table.Cell>
              <Table.Cell textAlign="end">{formatCount(step.reached)}</Table.Cell>
              <Table.Cell textAlign="end">{formatCount(step.wentOn)}</Table.Cell>
              <Table.Cell textAlign="end">{formatPercent(step.dropOffPct)}</Table.Cell>
              <Table.Cell textAlign="end">{formatSeconds(step.medianSeconds)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}
