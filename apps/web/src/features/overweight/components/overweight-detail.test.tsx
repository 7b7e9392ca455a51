import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { OverweightRecord } from '@envios/contracts/overweight';
import { renderWithApp } from '@/testing/render';
import { setupMockApi } from '@/testing/msw';
import { OverweightDetail } from './overweight-detail';

setupMockApi();

const charged: OverweightRecord = {
  _id: '11111111-1111-4111-8111-111111111111',
  shipment_id: '22222222-2222-4222-8222-222222222222',
  status: 'paid',
  status_label: 'Pagado',
  overweight: 2,
  cost_overweight: 50,
  paid: true,
  paid_via: 'wallet',
  paid_at: '2026-03-10T18:00:00.000Z',
  explanation: 'Se cobró MX$50.00 de tu Monedero por sobrepeso; si no estás de acuerdo, pide una aclaración y, si la aceptamos, te lo devolvemos.',
  declared: { weight: 3, billable_weight: 3, parcels: [{ height: 15, width: 30, depth: 20, weight: 3 }] },
  measured: null,
  rule: null,
  suggested_cost: null,
  note: null,
  evidence: [],
  dispute: { status: 'none', message: null, opened_at: null, attachments: [], resolution_reason: null, resolved_at: null, refund: null },
  can_pay: false,
  can_dispute: true,
  can_edit: false,
  events: [
    { kind: 'recorded', label: 'Sobrepeso registrado', amount: 50, note: null, at: '2026-03-10T18:00:00.000Z' },
    { kind: 'charged', label: 'Cobrado de tu Monedero', amount: 50, note: null, at: '2026-03-10T18:00:00.000Z' },
  ],
  created_at: '2026-03-10T18:00:00.000Z',
  updated_at: '2026-03-10T18:00:00.000Z',
};

describe('OverweightDetail', () => {
  it('says what happened, in the words of the e-mail: charged from the wallet, and how to get it back', () => {
    renderWithApp(<OverweightDetail record={charged} />);
    expect(screen.getByTestId('overweight-explanation')).toHaveTextContent(charged.explanation);
    expect(screen.getByText('Cobrado de tu Monedero · MX$50.00')).toBeInTheDocument();
  });

  it('a pending one offers to pay it now and says it waits for the next purchase', () => {
    const explanation =
      'Tu Monedero no alcanzaba para cubrir el sobrepeso de MX$50.00: queda pendiente para tu siguiente compra, o págalo ahora con tu Monedero.';
    renderWithApp(
      <OverweightDetail
        record={{ ...charged, status: 'pending', status_label: 'Pendiente', paid: false, paid_via: null, paid_at: null, can_pay: true, explanation }}
      />,
    );
    expect(screen.getByTestId('overweight-explanation')).toHaveTextContent(explanation);
    expect(screen.getByRole('button', { name: 'Pagar con mi Monedero' })).toBeInTheDocument();
  });
});
