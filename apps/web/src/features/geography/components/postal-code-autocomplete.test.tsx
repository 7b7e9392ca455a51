import { useCallback, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PostalSuggestion } from '@envios/contracts/geography';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { postalCodesHandler } from '@/testing/mock-geography';
import { PostalCodeAutocomplete } from './postal-code-autocomplete';

setupMockApi();

function Harness({ country, onPick, minChars }: { country: string; onPick: (pick: PostalSuggestion | null) => void; minChars?: number }) {
  const [value, setValue] = useState('');
  const onChange = useCallback(
    (pick: PostalSuggestion | null) => {
      setValue(pick?.postal_code ?? '');
      onPick(pick);
    },
    [onPick],
  );
  return (
    <>
      <PostalCodeAutocomplete
        label="Código postal de origen"
        listLabel="Código postal de origen"
        country={country}
        value={value}
        onChange={onChange}
        minChars={minChars}
      />
      <p>Fuera del campo</p>
    </>
  );
}

function setup(opts: { country?: string; delayMs?: number; minChars?: number } = {}) {
  const api = postalCodesHandler(undefined, opts.delayMs ? { delayMs: opts.delayMs } : {});
  server.use(api.handler);
  const onPick = vi.fn<(pick: PostalSuggestion | null) => void>();
  renderWithApp(<Harness country={opts.country ?? 'MX'} onPick={onPick} minChars={opts.minChars} />);
  const input = screen.getByRole('combobox', { name: 'Código postal de origen' });
  return { api, onPick, input, user: userEvent.setup() };
}

const options = () => screen.queryAllByRole('option').map((o) => o.textContent);
/** Longer than the 150 ms debounce plus a request. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

describe('PostalCodeAutocomplete', () => {
  it('looks nothing up below 3 digits in Mexico, then shows suggestions as "code - colonia - city"', async () => {
    const { api, input, user } = setup();
    await user.type(input, '44');
    await settle();
    expect(api.requests).toHaveLength(0);
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.type(input, '1');
    await waitFor(() => expect(options()).toHaveLength(3));
    expect(api.requests.map((r) => [r.search, r.country])).toEqual([['441', 'MX']]);
    expect(options()).toEqual(['44100 - Guadalajara Centro - Guadalajara', '44130 - Arcos Vallarta - Guadalajara', '44150 - Lafayette - Guadalajara']);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('listbox', { name: 'Sugerencias de código postal de origen' })).toBeInTheDocument();
  });

  it('waits for 5 characters when told to (the edit forms)', async () => {
    const { api, input, user } = setup({ minChars: 5 });
    await user.type(input, '4410');
    await settle();
    expect(api.requests).toHaveLength(0);
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.type(input, '0');
    await waitFor(() => expect(api.requests.map((r) => r.search)).toEqual(['44100']));
    // The code typed is the only suggestion: chosen, and the list shows again when asked for.
    await user.click(input);
    await waitFor(() => expect(options().length).toBeGreaterThan(0));
  });

  it('needs 5 characters outside Mexico and shows "code - city" or just the code when that is all there is', async () => {
    const { api, input, user } = setup({ country: 'US' });
    await user.type(input, '9021');
    await settle();
    expect(api.requests).toHaveLength(0);
    await user.type(input, '0');
    await waitFor(() => expect(api.requests.map((r) => [r.search, r.country])).toEqual([['90210', 'US']]));
    // Typed exactly as the only suggestion: chosen, the list out of the way until the box is clicked.
    expect(options()).toEqual([]);
    await user.click(input);
    await waitFor(() => expect(options()).toEqual(['90210 - Beverly Hills']));
  });

  it('formats a suggestion without city as the bare code', async () => {
    const { api, input, user } = setup({ country: 'US' });
    await user.type(input, '90211');
    await waitFor(() => expect(api.requests).toHaveLength(1));
    await settle();
    await user.click(input);
    await waitFor(() => expect(options()).toEqual(['90211']));
  });

  it('waits for typing to pause: a quick "4410" is one lookup', async () => {
    const { api, input, user } = setup();
    await user.type(input, '4410');
    await waitFor(() => expect(options()).toHaveLength(1));
    expect(api.requests.map((r) => r.search)).toEqual(['4410']);
  });

  it('cancels a lookup that is still running when the text changes', async () => {
    const { api, input, user } = setup({ delayMs: 1_000 });
    await user.type(input, '441');
    await waitFor(() => expect(api.requests).toHaveLength(1));
    await user.type(input, '3');
    await waitFor(() => expect(api.requests).toHaveLength(2));
    await waitFor(() => expect(api.requests[0]!.signal.aborted).toBe(true));
    expect(api.requests[1]!.signal.aborted).toBe(false);
  });

  it('keeps letters out of a Mexican postal code', async () => {
    const { input, user } = setup();
    await user.type(input, '4a4-1');
    expect(input).toHaveValue('441');
  });

  it('moves with the arrow keys and picks with Enter', async () => {
    const { input, onPick, user } = setup();
    await user.type(input, '441');
    await waitFor(() => expect(options()).toHaveLength(3));

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = screen.getByRole('option', { name: '44130 - Arcos Vallarta - Guadalajara' });
    expect(active).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', active.id);

    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { name: '44100 - Guadalajara Centro - Guadalajara' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{Enter}');

    expect(input).toHaveValue('44130');
    expect(onPick).toHaveBeenLastCalledWith(expect.objectContaining({ postal_code: '44130', place_name: 'Arcos Vallarta', city: 'Guadalajara' }));
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(options()).toHaveLength(0);
    expect(screen.getByText('Arcos Vallarta, Guadalajara, JAL')).toBeInTheDocument();
    // A pick is final: the lookup for the chosen code does not reopen the list.
    await settle();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('wraps from the first suggestion to the last with ArrowUp', async () => {
    const { input, user } = setup();
    await user.type(input, '441');
    await waitFor(() => expect(options()).toHaveLength(3));
    await user.keyboard('{ArrowDown}{ArrowUp}');
    expect(screen.getByRole('option', { name: '44150 - Lafayette - Guadalajara' })).toHaveAttribute('aria-selected', 'true');
  });

  it('picks with the mouse too', async () => {
    const { input, onPick, user } = setup();
    await user.type(input, '441');
    await user.click(await screen.findByRole('option', { name: '44150 - Lafayette - Guadalajara' }));
    expect(input).toHaveValue('44150');
    expect(onPick).toHaveBeenLastCalledWith(expect.objectContaining({ postal_code: '44150' }));
  });

  it('closes with Escape and reopens with ArrowDown', async () => {
    const { input, user } = setup();
    await user.type(input, '441');
    await waitFor(() => expect(options()).toHaveLength(3));
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(options()).toHaveLength(0);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(options()).toHaveLength(3);
  });

  it('reopens its suggestions when the box gets the focus again (or a click after Escape)', async () => {
    const { input, user } = setup();
    await user.type(input, '441');
    await waitFor(() => expect(options()).toHaveLength(3));
    await user.click(screen.getByText('Fuera del campo'));
    expect(options()).toHaveLength(0);
    await user.click(input);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(options()).toHaveLength(3);
    await user.keyboard('{Escape}');
    expect(options()).toHaveLength(0);
    await user.click(input);
    expect(options()).toHaveLength(3);
  });

  it('closes when the person clicks outside', async () => {
    const { input, user } = setup();
    await user.type(input, '441');
    await waitFor(() => expect(options()).toHaveLength(3));
    await user.click(screen.getByText('Fuera del campo'));
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(options()).toHaveLength(0);
  });

  it('counts a code typed exactly as suggested as chosen, and forgets it when the text changes', async () => {
    const { input, onPick, user } = setup();
    await user.type(input, '44100');
    await waitFor(() => expect(onPick).toHaveBeenLastCalledWith(expect.objectContaining({ postal_code: '44100', city: 'Guadalajara' })));
    await user.type(input, '{Backspace}');
    expect(onPick).toHaveBeenLastCalledWith(null);
  });

  it('leaves the colonia empty when an exact code has several', async () => {
    const { input, onPick, user } = setup();
    await user.type(input, '06760');
    await waitFor(() => expect(onPick).toHaveBeenLastCalledWith(expect.objectContaining({ postal_code: '06760', place_name: '', city: 'Ciudad de México' })));
  });

  it('says so when no postal code starts with the text, and asks to pick from the list after leaving', async () => {
    const { input, user } = setup();
    await user.type(input, '999');
    expect(await screen.findByText('No encontramos códigos postales que empiecen con 999.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '441');
    await waitFor(() => expect(options()).toHaveLength(3));
    await user.tab();
    expect(await screen.findByText('Elige un código postal de la lista de sugerencias.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});
