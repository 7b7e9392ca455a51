import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { LaunchChecklist } from '@envios/contracts/launch';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { LaunchChecklistPage } from './launch-checklist';

setupMockApi();

const pending: LaunchChecklist = {
  production: false,
  items: [
    {
      id: 'support-phone',
      setting: 'SUPPORT_PHONE',
      title: 'Teléfono de soporte',
      state: 'demo',
      affects: 'El pie muestra un número de demostración.',
      how: 'Define SUPPORT_PHONE.',
    },
    { id: 'smtp', setting: 'SMTP_URL, MAIL_FROM', title: 'Correo saliente (SMTP)', state: 'missing', affects: 'Ningún correo sale.', how: 'Define SMTP_URL.' },
  ],
};

describe('Lista para el lanzamiento', () => {
  it('lists each pending setting with its state, what it affects and how to set it', async () => {
    server.use(http.get('/api/v1/admin/launch-checklist', () => HttpResponse.json(pending)));
    renderWithApp(<LaunchChecklistPage />);
    const list = await screen.findByRole('list', { name: 'Pendientes antes de vender' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Teléfono de soporte');
    expect(items[0]).toHaveTextContent('SUPPORT_PHONE');
    expect(items[0]).toHaveTextContent('Valor de demostración');
    expect(items[0]).toHaveTextContent('Qué afecta: El pie muestra un número de demostración.');
    expect(items[0]).toHaveTextContent('Cómo configurarlo: Define SUPPORT_PHONE.');
    expect(items[1]).toHaveTextContent('Sin configurar');
    expect(screen.getByText('Quedan 2 ajustes pendientes.')).toBeInTheDocument();
  });

  it('says when everything is set', async () => {
    server.use(http.get('/api/v1/admin/launch-checklist', () => HttpResponse.json({ production: true, items: [] })));
    renderWithApp(<LaunchChecklistPage />);
    expect(await screen.findByText(/el sitio está listo para vender/)).toBeInTheDocument();
  });
});
