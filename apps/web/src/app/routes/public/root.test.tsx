import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { demoSite, siteHandler } from '@/testing/mock-geography';
import { PublicRoot } from './root';

setupMockApi();

const signedOut = http.get('/api/v1/me', () => HttpResponse.json({ message: 'Inicia sesión.', code: 'auth.unauthenticated' }, { status: 401 }));

describe('PublicRoot', () => {
  it('fills the footer and floating buttons with the contacts from GET /api/v1/site', async () => {
    server.use(signedOut, siteHandler({ ...demoSite, supportPhone: '55 9876 5432', whatsappNumber: '5215598765432', howItWorksVideoId: null }));
    renderWithApp(<PublicRoot />);
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByRole('link', { name: 'Teléfono: 55 9876 5432' })).toHaveAttribute('href', 'tel:+525598765432');
    expect(within(footer).getByRole('link', { name: /WhatsApp 55 9876 5432/ })).toHaveAttribute('href', 'https://wa.me/5215598765432');
    expect(screen.getByRole('link', { name: 'Llámanos al 55 9876 5432' })).toBeInTheDocument();
  });
});
