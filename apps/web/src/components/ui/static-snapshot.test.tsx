import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { applySnapshot, readSnapshot, snapshotTouched } from './static-snapshot';

/** The live side: a controlled text field, a controlled radio pair and a checkbox, as React forms are. */
function LiveForm() {
  const [code, setCode] = useState('');
  const [kind, setKind] = useState('box');
  const [insured, setInsured] = useState(false);
  return (
    <form aria-label="vivo">
      <input aria-label="Código postal" name="cp" value={code} onChange={(e) => setCode(e.target.value)} />
      <input type="radio" aria-label="Sobre" name="tipo" value="document" checked={kind === 'document'} onChange={() => setKind('document')} />
      <input type="radio" aria-label="Paquete" name="tipo" value="box" checked={kind === 'box'} onChange={() => setKind('box')} />
      <input type="checkbox" aria-label="Asegurar" name="seguro" checked={insured} onChange={(e) => setInsured(e.target.checked)} />
      <output>{`${code}|${kind}|${insured}`}</output>
    </form>
  );
}

function snapshotMarkup(): HTMLElement {
  const snapshot = document.createElement('div');
  snapshot.innerHTML = `<form>
    <input name="cp" value="" />
    <input type="radio" name="tipo" value="document" />
    <input type="checkbox" name="seguro" />
  </form>`;
  document.body.append(snapshot);
  return snapshot;
}

describe('applySnapshot', () => {
  it('hands what the visitor typed, picked, ticked and focused in the snapshot to the live form', () => {
    const snapshot = snapshotMarkup();
    const [cp, sobre, seguro] = [...snapshot.querySelectorAll('input')] as HTMLInputElement[];
    cp!.value = '441';
    sobre!.checked = true;
    seguro!.checked = true;
    cp!.focus();
    const state = readSnapshot(snapshot);
    snapshot.remove();

    render(<LiveForm />);
    act(() => applySnapshot(state, screen.getByRole('form', { name: 'vivo' })));

    expect(screen.getByText('441|document|true')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Código postal' })).toBe(document.activeElement);
  });

  it('leaves the live form alone when the visitor changed nothing', () => {
    const snapshot = snapshotMarkup();
    const state = readSnapshot(snapshot);
    snapshot.remove();

    render(<LiveForm />);
    act(() => applySnapshot(state, screen.getByRole('form', { name: 'vivo' })));

    expect(screen.getByText('|box|false')).toBeTruthy();
    expect(document.activeElement).toBe(document.body);
  });
});

describe('snapshotTouched', () => {
  it('tells a snapshot the visitor typed in, ticked or picked from one left as the server sent it', () => {
    const snapshot = snapshotMarkup();
    expect(snapshotTouched(snapshot)).toBe(false);
    const [, sobre] = [...snapshot.querySelectorAll('input')] as HTMLInputElement[];
    sobre!.checked = true;
    expect(snapshotTouched(snapshot)).toBe(true);
    snapshot.remove();
  });
});
