import { useState } from 'react';
import { z } from 'zod';
import { Button, Modal } from '@mantine/core';
import { ModalForm } from '@/components/ui/form/modal-form';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { topUpAmountSchema } from '@envios/contracts/wallet';
import { useAdminCredit } from '../api/admin-credit';
import { numberBox } from '../utils/box-number';
import { AmountInput } from './amount-input';
import { mxn } from './wallet-page';

const creditFormSchema = z.object({ cantidadAbonar: numberBox(topUpAmountSchema('La cantidad a abonar')) });

function CreditForm({ userId, onClose, onCredited }: { userId: string; onClose: () => void; onCredited: (amount: number) => void }) {
  const credit = useAdminCredit();
  const form = useZodForm(creditFormSchema, { mode: 'onTouched', defaultValues: { cantidadAbonar: undefined } });
  const onSubmit = form.handleSubmit(async ({ cantidadAbonar }) => {
    try {
      await credit.mutateAsync({ cantidadAbonar, userId });
      onCredited(cantidadAbonar);
    } catch {
      // The alert shows the server's message.
    }
  });
  return (
    <ModalForm onSubmit={onSubmit} failure={credit.error?.message} submitLabel="Abonar" pending={credit.isPending} onCancel={onClose}>
      <AmountInput control={form.control} name="cantidadAbonar" label="Cantidad a abonar (MXN)" data-autofocus />
    </ModalForm>
  );
}

export interface AdminCreditActionProps {
  userId: string;
  /** The account's full name, for the button's accessible name. */
  name: string;
  /** After the credit is saved: refresh the list and say so. */
  onCredited: (notice: string) => void;
}

/** 'Abonar' opens "Cantidad a abonar" (numeric, required) → `POST /prepaid/createPrepaid`. */
export function AdminCreditAction({ userId, name, onCredited }: AdminCreditActionProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="xs" variant="light" onClick={() => setOpen(true)} aria-label={`Abonar a ${name}`}>
        Abonar
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Cantidad a abonar" centered>
        <CreditForm
          userId={userId}
          onClose={() => setOpen(false)}
          onCredited={(amount) => {
            setOpen(false);
            onCredited(`Se abonaron ${mxn(amount)} al monedero de ${name}.`);
          }}
        />
      </Modal>
    </>
  );
}
