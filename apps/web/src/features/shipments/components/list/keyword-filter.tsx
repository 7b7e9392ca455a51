import { useState } from 'react';
import { Pill, Stack, TextInput } from '@mantine/core';
import { KEYWORD_MAX, splitKeywords } from '@envios/contracts/shipments';

/** A handful of badges is plenty (and keeps the comma-separated query under its 400 characters). */
export const KEYWORDS_MAX = 8;

export interface KeywordFilterProps {
  keywords: string[];
  onChange: (keywords: string[]) => void;
}

/**
 * Enter turns the text into a removable badge. Commas separate keywords on
 * the wire, so a typed comma starts another badge.
 */
export function KeywordFilter({ keywords, onChange }: KeywordFilterProps) {
  const [text, setText] = useState('');
  const full = keywords.length >= KEYWORDS_MAX;

  function add() {
    const typed = splitKeywords(text).map((k) => k.slice(0, KEYWORD_MAX));
    const next = [...keywords];
    for (const k of typed) if (!next.some((e) => e.toLowerCase() === k.toLowerCase())) next.push(k);
    setText('');
    if (next.length !== keywords.length) onChange(next.slice(0, KEYWORDS_MAX));
  }

  return (
    <Stack gap={6}>
      <TextInput
        label="Buscar"
        placeholder="Destinatario, dirección, servicio, true o false"
        description={full ? `Puedes usar hasta ${KEYWORDS_MAX} palabras clave.` : 'Presiona Enter para agregar la palabra clave.'}
        value={text}
        maxLength={KEYWORD_MAX * 2}
        disabled={full}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            add();
          }
        }}
      />
      {keywords.length > 0 && (
        <Pill.Group role="group" aria-label="Palabras clave">
          {keywords.map((k) => (
            <Pill
              key={k}
              withRemoveButton
              onRemove={() => onChange(keywords.filter((e) => e !== k))}
              removeButtonProps={{ 'aria-label': `Quitar ${k}`, 'aria-hidden': false, tabIndex: 0 }}
            >
              {k}
            </Pill>
          ))}
        </Pill.Group>
      )}
    </Stack>
  );
}
