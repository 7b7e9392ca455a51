import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ShippingOption } from '@envios/contracts/quotes';
import type { Shipment, UpdateShipmentInput } from '@envios/contracts/shipments';
import { paths } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { useUpdateShipment } from '../../api/update-shipment';

export interface EditFailure {
  message: string;
  details: string[];
  /** A 409: the price or the service no longer holds (or the shipment was paid meanwhile). */
  conflict: boolean;
  /** The API's stable code (`payments.in_progress`: a payment is open and must be cancelled first). */
  code?: string | undefined;
}

/** Where a saved edit goes: the detail, or back one page (description and insurance). */
export type AfterSave = 'detail' | 'back';

export function selectedServiceOf(option: ShippingOption): NonNullable<UpdateShipmentInput['selected_service']> {
  return { service_id: option.service_id, net_total_amount: option.net_total_amount };
}

/** `PUT /shipments/{id}` for one edit screen: the failure in Spanish, and where to go once saved. */
export function useSaveEdit(shipment: Shipment) {
  const navigate = useNavigate();
  const location = useLocation();
  const update = useUpdateShipment();
  const [failure, setFailure] = useState<EditFailure | null>(null);

  function leave(after: AfterSave) {
    // 'default' is the entry the app opened on: with nothing before it, back means the detail.
    if (after === 'back' && location.key !== 'default') void navigate(-1);
    else void navigate(paths.shipment(shipment._id), { replace: true });
  }

  async function save(data: UpdateShipmentInput, after: AfterSave): Promise<boolean> {
    setFailure(null);
    try {
      await update.mutateAsync({ id: shipment._id, data });
      leave(after);
      return true;
    } catch (error) {
      if (error instanceof ApiRequestError) {
        setFailure({
          message: error.body.message,
          details: (error.body.errors ?? []).map((e) => e.message),
          conflict: error.status === 409,
          code: error.body.code,
        });
      } else {
        setFailure({ message: 'No pudimos guardar los cambios. Revisa tu conexión e intenta de nuevo.', details: [], conflict: false });
      }
      return false;
    }
  }

  return { save, leave, failure, clearFailure: () => setFailure(null), saving: update.isPending };
}
