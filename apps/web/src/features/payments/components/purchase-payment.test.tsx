import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/testing/render';
import { shipmentId } from '@/testing/mock-payments';
import { PurchasePayment } from './purchase-payment';

describe("'Resumen de Compra' payment choice", () => {
  it('one shipment goes to /payments/{id}', async () => {
    const onPay = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<PurchasePayment shipmentIds={[shipmentId(1)]} onPay={onPay} />);
    expect(screen.getByRole('region', { name: 'Método de pago' })).toHaveTextContent('OXXO');
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(onPay).toHaveBeenCalledWith(`/payments/${shipmentId(1)}`);
  });

  it('several go to /payment/shipments/many?shipments=…; disabled while busy', async () => {
    const onPay = vi.fn();
    const user = userEvent.setup();
    const { unmount } = renderWithApp(<PurchasePayment shipmentIds={[shipmentId(1), shipmentId(2)]} onPay={onPay} />);
    await user.click(screen.getByRole('button', { name: 'Pagar 2 envíos' }));
    expect(onPay).toHaveBeenCalledWith(`/payment/shipments/many?shipments=${shipmentId(1)},${shipmentId(2)}`);
    unmount();
    renderWithApp(<PurchasePayment shipmentIds={[shipmentId(1)]} onPay={onPay} disabled />);
    expect(screen.getByRole('button', { name: 'Pagar' })).toBeDisabled();
  });
});
