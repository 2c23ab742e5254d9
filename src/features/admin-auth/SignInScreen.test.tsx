// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test, vi } from 'vitest'
import { brand } from '@/lib/brand'
import { SignInScreen } from './SignInScreen'

afterEach(cleanup)

test('shows the spec texts and sends what was typed, with the password hidden unless shown', async () => {
  const onSubmit = vi.fn()
  const onStart = vi.fn()
  render(<SignInScreen busy={false} onSubmit={onSubmit} onStart={onStart} />)
  expect(screen.getByRole('heading', { level: 1, name: `${brand.name} AI Admin` })).toBeTruthy()
  expect(screen.getByText('Access your jewelry consultation dashboard')).toBeTruthy()

  const password = screen.getByLabelText('Password')
  expect(onStart).not.toHaveBeenCalled()
  await userEvent.type(screen.getByLabelText('Email'), 'admin@example.com')
  expect(onStart).toHaveBeenCalled()
  await userEvent.type(password, '<script>"; drop table')
  expect(password.getAttribute('type')).toBe('password')
  await userEvent.click(screen.getByRole('button', { name: 'Show password' }))
  expect(password.getAttribute('type')).toBe('text')
  await userEvent.click(screen.getByRole('button', { name: 'Hide password' }))
  expect(password.getAttribute('type')).toBe('password')

  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }))
  expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ email: 'admin@example.com', password: '<script>"; drop table' })
})

test('requires both fields before it sends anything', async () => {
  const onSubmit = vi.fn()
  const onStart = vi.fn()
  render(<SignInScreen busy={false} onSubmit={onSubmit} onStart={onStart} />)
  expect(screen.getByLabelText('Email').hasAttribute('required')).toBe(true)
  expect(screen.getByLabelText('Password').hasAttribute('required')).toBe(true)
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }))
  expect(onSubmit).not.toHaveBeenCalled()
})

test('says Signing in... and cannot be pressed again while busy', () => {
  render(<SignInScreen busy onSubmit={vi.fn()} onStart={vi.fn()} />)
  const button = screen.getByRole('button', { name: 'Signing in...' })
  expect(button.hasAttribute('disabled')).toBe(true)
})
