import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, TextInput } from '@mantine/core';
import { IconSearch } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import classes from './public-layout.module.css';

/** A guide number is looked up only when it is longer than 6 characters. */
export const TRACKING_GUIDE_MIN_LENGTH = 7;

export interface TrackSearchProps {
  /** Shows the guide's result (the 'Resultado del Envío' modal); without it the search opens /rastreo/{guide}. */
  onTrack?: (guide: string) => void;
  /** Called after a search (closes the panel). */
  onSearched?: () => void;
  autoFocus?: boolean;
}

/** The Rastrear box: placeholder 'N° de guía', search only above 6 characters. */
export function TrackSearch({ onTrack, onSearched, autoFocus }: TrackSearchProps) {
  const navigate = useNavigate();
  const id = useId();
  const [guide, setGuide] = useState('');
  const trimmed = guide.trim();
  const ready = trimmed.length >= TRACKING_GUIDE_MIN_LENGTH;

  return (
    <form
      role="search"
      aria-label="Rastrear envío"
      className={classes.trackForm}
      onSubmit={(event) => {
        event.preventDefault();
        if (!ready) return;
        if (onTrack) onTrack(trimmed);
        else void navigate(paths.tracking(trimmed));
        setGuide('');
        onSearched?.();
      }}
    >
      <label htmlFor={`${id}-guia`} className={classes.trackLabel}>
        Rastrea tu envío
      </label>
      <div className={classes.trackRow}>
        <TextInput
          id={`${id}-guia`}
          className={classes.trackInput}
          placeholder="N° de guía"
          required
          autoFocus={autoFocus}
          autoComplete="off"
          spellCheck={false}
          value={guide}
          onChange={(event) => setGuide(event.currentTarget.value)}
          aria-describedby={`${id}-ayuda`}
        />
        <Button type="submit" disabled={!ready} leftSection={<IconSearch size={18} />}>
          Buscar
        </Button>
      </div>
      <p id={`${id}-ayuda`} className={classes.trackHint}>
        Escribe el número de guía completo ({TRACKING_GUIDE_MIN_LENGTH} caracteres o más).
      </p>
    </form>
  );
}
