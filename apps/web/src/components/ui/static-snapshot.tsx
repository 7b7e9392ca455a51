/*
 * Server-rendered forms that go live later: what the visitor did to them before their code ran
 * (typed text, ticked boxes, chosen options, the focused field) is carried to the live form. The
 * home's quote form hydrates its own server HTML late (app/routes/public/home.tsx): `adoptTypedValues`
 * tells React what was typed; if React had to replace the HTML instead, `applySnapshot` copies the
 * state over to the new elements.
 */

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const fieldsOf = (root: Element): Field[] => [...root.querySelectorAll<Field>('input, select, textarea')];

/** What the visitor did to a snapshot: its fields (they keep their state once removed) and the focused one. */
export interface SnapshotState {
  fields: Field[];
  focused: number;
}

/** Whether any field of the snapshot differs from how the server rendered it. */
export function snapshotTouched(root: Element): boolean {
  return fieldsOf(root).some((f) =>
    f instanceof HTMLInputElement && (f.type === 'radio' || f.type === 'checkbox')
      ? f.checked !== f.defaultChecked
      : f instanceof HTMLSelectElement
        ? [...f.options].some((o) => o.selected !== o.defaultSelected)
        : f.value !== f.defaultValue,
  );
}

export function readSnapshot(snapshot: Element): SnapshotState {
  const fields = fieldsOf(snapshot);
  return { fields, focused: fields.findIndex((f) => f === document.activeElement) };
}

function setNativeValue(field: Field, value: string): void {
  // React remembers the last value it set: going through the prototype's setter makes the event
  // below read as a real edit, so controlled fields and form libraries take the value.
  const proto = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/**
 * Carries what the visitor did to the snapshot (typed text, ticked boxes, chosen options, the
 * focused field) over to the live widget that replaced it: the live widget renders the same form
 * the snapshot was made from.
 */
export function applySnapshot({ fields, focused }: SnapshotState, live: Element): void {
  const after = fieldsOf(live);
  // Fields pair by name (and value, for radio buttons), or by their order when they have none.
  const keyOf = (f: Field, i: number) => (f.name ? `${f.name}|${f.type === 'radio' ? f.value : ''}` : `#${i}`);
  const liveByKey = new Map(after.map((f, i) => [keyOf(f, i), f]));
  const pair = (old: Field, i: number) => {
    const now = liveByKey.get(keyOf(old, i));
    return now && now.type === old.type ? now : undefined;
  };
  // Focus first: a field that reacts to edits only while focused (an autocomplete) must see the
  // carried-over text arrive as it would from the keyboard.
  const target = focused >= 0 ? fields[focused] : undefined;
  if (target) pair(target, focused)?.focus();
  fields.forEach((old, i) => {
    const now = pair(old, i);
    if (!now) return;
    if (old instanceof HTMLInputElement && (old.type === 'radio' || old.type === 'checkbox')) {
      // A radio is only ever turned on by a click; a checkbox either way.
      const differs = now instanceof HTMLInputElement && old.checked !== now.checked;
      if (differs && (old.checked || old.type === 'checkbox')) now.click();
      return;
    }
    const edited = old instanceof HTMLSelectElement ? old.value !== now.value : old.value !== old.defaultValue;
    if (edited && old.value !== now.value) setNativeValue(now, old.value);
  });
}

/**
 * Server HTML hydrated late (a Suspense boundary left dehydrated until the visitor reached for it)
 * keeps its elements: the field being typed into stays the same element, with the focus. React
 * keeps what the visitor typed or ticked before hydration on screen but never heard of it; this
 * tells it, as the keyboard would have, for each field that differs from how the server rendered it.
 */
export function adoptTypedValues(root: Element): void {
  for (const field of fieldsOf(root)) {
    if (field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox')) {
      if (field.checked === field.defaultChecked) continue;
      // React's own record of the box says the server's state; a real click brings the visitor's back.
      const wanted = field.checked;
      field.checked = !wanted;
      if (field.type === 'checkbox' || wanted) field.click();
      continue;
    }
    const typed = field.value;
    const initial =
      field instanceof HTMLSelectElement ? ([...field.options].find((o) => o.defaultSelected)?.value ?? field.options[0]?.value ?? '') : field.defaultValue;
    if (typed === initial) continue;
    const caret = field instanceof HTMLInputElement && document.activeElement === field ? field.selectionStart : null;
    // Through the element's own setter React records the server's value; then the visitor's value
    // arrives as an edit.
    field.value = initial;
    setNativeValue(field, typed);
    if (caret !== null && field instanceof HTMLInputElement) {
      try {
        field.setSelectionRange(caret, caret);
      } catch {
        /* a number box has no caret */
      }
    }
  }
}
