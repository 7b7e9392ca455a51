import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/testing/render';
import { SearchFilter } from './list-filters';
import { useSearchFilter } from './use-search-filter';

afterEach(() => {
  vi.useRealTimers();
});

describe('useSearchFilter', () => {
  it('goes back to the first page at once when the text changes, and hands the text to the list only once typing pauses', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useSearchFilter(300));
    expect(result.current).toMatchObject({ value: '', debounced: '', page: 1 });

    act(() => result.current.setPage(4));
    expect(result.current.page).toBe(4);

    act(() => result.current.onChange('ana'));
    expect(result.current).toMatchObject({ value: 'ana', debounced: '', page: 1 });
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(result.current.debounced).toBe('');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.debounced).toBe('ana');
  });

  it('reads a cleared box as empty text', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useSearchFilter());
    act(() => result.current.onChange('previo'));
    act(() => {
      vi.advanceTimersByTime(250);
    });
    act(() => result.current.onChange(undefined));
    act(() => {
      vi.advanceTimersByTime(250);
    });
    expect(result.current).toMatchObject({ value: '', debounced: '' });
  });

  it('drives a SearchFilter applied while typing: the box shows every letter, the list gets the word', async () => {
    const user = userEvent.setup();
    function List() {
      const search = useSearchFilter(50);
      return (
        <>
          <SearchFilter applyOn="typing" value={search.value} onChange={search.onChange} />
          <output aria-label="Búsqueda de la lista">{`${search.debounced}|${search.page}`}</output>
          <button type="button" onClick={() => search.setPage(2)}>
            Página 2
          </button>
        </>
      );
    }
    renderWithApp(<List />);
    const shown = screen.getByRole('status', { name: 'Búsqueda de la lista' });
    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(shown).toHaveTextContent('|2');

    await user.type(screen.getByRole('textbox', { name: 'Buscar' }), 'Luis');
    expect(screen.getByRole('textbox', { name: 'Buscar' })).toHaveValue('Luis');
    await waitFor(() => expect(shown).toHaveTextContent('Luis|1'));
  });
});
