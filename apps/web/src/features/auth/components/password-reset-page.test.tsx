import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PasswordResetPage } from './password-reset-page.tsx';

async function fill(password: string, repeat: string) {
  if (password) await userEvent.type(screen.getByLabelText('Nieuw wachtwoord'), password);
  if (repeat) await userEvent.type(screen.getByLabelText('Herhaal nieuw wachtwoord'), repeat);
  await userEvent.click(screen.getByRole('button', { name: 'Wachtwoord instellen' }));
}

describe('password reset page', () => {
  it('requires at least 8 characters, with the spec message', async () => {
    const api = mockApi({});
    renderWithProviders(<PasswordResetPage token="tok" />);
    await fill('short', 'short');
    expect(screen.getByText('Wachtwoord moet tenminste 8 karakters lang zijn')).toBeInTheDocument();
    expect(screen.getByLabelText('Nieuw wachtwoord')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toHaveLength(0);
  });

  it('requires the repeat to match', async () => {
    const api = mockApi({});
    renderWithProviders(<PasswordResetPage token="tok" />);
    await fill('long-enough-1', 'long-enough-2');
    expect(screen.getByText('De wachtwoorden komen niet overeen')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('does nothing without a token', async () => {
    const api = mockApi({});
    renderWithProviders(<PasswordResetPage token="" />);
    await fill('long-enough-1', 'long-enough-1');
    expect(api.calls).toHaveLength(0);
  });

  it('sets the password and leads to the login page', async () => {
    const api = mockApi({ 'POST /liftwacht/password-reset': { status: 201, body: { data: { ok: true } } } });
    renderWithProviders(<PasswordResetPage token="tok" />, { path: '/password-reset/tok' });
    await fill('long-enough-1', 'long-enough-1');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(await screen.findByText('Uw wachtwoord is ingesteld. U kunt nu inloggen.')).toBeInTheDocument();
    expect(api.callsTo('POST /liftwacht/password-reset')[0]?.body).toEqual({ token: 'tok', password: 'long-enough-1' });
  });

  it.each([
    ['reset_token_used', 'Deze herstellink is al gebruikt. Vraag een nieuwe aan.'],
    ['reset_token_expired', 'Deze herstellink is verlopen. Vraag een nieuwe aan.'],
    ['reset_token_invalid', 'Deze herstellink is ongeldig. Vraag een nieuwe aan.'],
    ['validation_failed', 'Password too common'],
  ])('explains a %s answer', async (code, message) => {
    mockApi({
      'POST /liftwacht/password-reset': { status: 400, body: { error: { code, message: 'Password too common' } } },
    });
    renderWithProviders(<PasswordResetPage token="tok" />);
    await fill('long-enough-1', 'long-enough-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('falls back to "Fout bij instellen wachtwoord" without a server message', async () => {
    mockApi({ 'POST /liftwacht/password-reset': { status: 502, body: 'bad gateway' } });
    renderWithProviders(<PasswordResetPage token="tok" />);
    await fill('long-enough-1', 'long-enough-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Fout bij instellen wachtwoord');
  });
});
