import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/testing/render';
import { DateRangeFilter, ListFilters, paymentStatusOptions, SearchFilter, SelectFilter, serviceOptions, type DateRange } from './list-filters';

const services = [
  { service_id: 'dhl-express', label: 'DHL Express', carrier: 'DHL', carrier_service_name: 'Express' },
  { service_id: 'fedex-eco', label: '', carrier: 'FedEx', carrier_service_name: 'Económico' },
];

describe('ListFilters', () => {
  it('names the bar and its boxes, and a selector answers undefined for its first choice', async () => {
    const user = userEvent.setup();
    const onService = vi.fn();
    const onStatus = vi.fn();
    renderWithApp(
      <ListFilters>
        <SelectFilter label="Servicio" allLabel="Servicios" options={serviceOptions(services)} value={undefined} onChange={onService} />
        <SelectFilter label="Estatus de pago" allLabel="Todos" options={paymentStatusOptions} value="paid" onChange={onStatus} />
      </ListFilters>,
    );
    const bar = screen.getByRole('group', { name: 'Filtros' });
    const service = screen.getByRole('combobox', { name: 'Servicio' });
    expect(bar).toContainElement(service);
    expect([...(service as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Servicios', 'DHL Express', 'FedEx - Económico']);

    await user.selectOptions(service, 'FedEx - Económico');
    expect(onService).toHaveBeenLastCalledWith('fedex-eco');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Estatus de pago' }), 'Todos');
    expect(onStatus).toHaveBeenLastCalledWith(undefined);
  });

  it('applies the search on Enter only, trimmed, and an emptied box clears the filter', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithApp(<SearchFilter value="previo" placeholder="Cliente o guía" onChange={onChange} />);
    const box = screen.getByRole('textbox', { name: 'Buscar' });
    expect(box).toHaveValue('previo');
    expect(screen.getByText('Presiona Enter para buscar.')).toBeInTheDocument();

    await user.clear(box);
    await user.type(box, '  lucia@correo.test ');
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledOnce();
    expect(onChange).toHaveBeenLastCalledWith('lucia@correo.test');

    await user.clear(box);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });

  it('a search that applies while typing hands over every change', async () => {
    const user = userEvent.setup();
    function Live() {
      const [q, setQ] = useState('');
      return (
        <>
          <SearchFilter applyOn="typing" value={q} onChange={(v) => setQ(v ?? '')} />
          <p>Buscando: {q}</p>
        </>
      );
    }
    renderWithApp(<Live />);
    await user.type(screen.getByRole('textbox', { name: 'Buscar' }), 'oxxo');
    expect(screen.getByText('Buscando: oxxo')).toBeInTheDocument();
    expect(screen.queryByText('Presiona Enter para buscar.')).toBeNull();
  });

  it("'Desde' and 'Hasta' show their days as DD/MM/AAAA and clear one at a time", async () => {
    const user = userEvent.setup();
    const seen: DateRange[] = [];
    function Range() {
      const [range, setRange] = useState<DateRange>({ from: '2026-03-02', to: '2026-03-20' });
      return (
        <DateRangeFilter
          {...range}
          onChange={(next) => {
            seen.push(next);
            setRange(next);
          }}
        />
      );
    }
    renderWithApp(<Range />);
    expect(screen.getByRole('button', { name: 'Desde' })).toHaveTextContent('02/03/2026');
    expect(screen.getByRole('button', { name: 'Hasta' })).toHaveTextContent('20/03/2026');

    await user.click(screen.getByRole('button', { name: 'Borrar la fecha Desde' }));
    expect(seen.at(-1)).toEqual({ from: undefined, to: '2026-03-20' });
    await user.click(screen.getByRole('button', { name: 'Borrar la fecha Hasta' }));
    expect(seen.at(-1)).toEqual({ from: undefined, to: undefined });
  });
});
