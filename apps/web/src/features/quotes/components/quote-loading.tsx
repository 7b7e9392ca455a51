import { useEffect, useState } from 'react';
import { Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { CARRIER_CODES, CARRIER_NAMES, carrierLogoUrl } from '@envios/contracts/carriers';
import classes from './service-selector.module.css';

const STEP_MS = 450;

/**
 * While the quote runs: the carriers we ask, one
 * lit after another, and a bar that keeps moving without claiming to know the end.
 */
export function QuoteLoading() {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((t) => t + 1), STEP_MS);
    return () => clearInterval(timer);
  }, []);
  const current = CARRIER_CODES[tick % CARRIER_CODES.length]!;
  // Approaches 95 % and never reaches it: the answer, not the timer, ends the wait.
  const progress = 95 * (1 - Math.exp(-(tick + 1) / 6));

  return (
    <Stack gap="md" role="status" aria-live="polite" aria-label="Cotizando tu envío">
      <div className={classes.loading}>
        <Title order={2} size="h3" c="#0b1f4d">
          Cotizando tu envío…
        </Title>
        <Text c="dimmed" size="sm" mt={6}>
          Consultamos las tarifas de {CARRIER_CODES.length} paqueterías para mostrarte todas tus opciones.
        </Text>
        <ul className={classes.loadingLogos} aria-hidden="true">
          {CARRIER_CODES.map((code) => (
            <li key={code}>
              <img
                src={carrierLogoUrl(code)}
                alt=""
                width={64}
                height={26}
                className={`${classes.loadingLogo} ${code === current ? classes.loadingLogoActive : ''}`}
              />
            </li>
          ))}
        </ul>
        <Text size="sm" fw={600} mb={10} aria-hidden="true">
          Consultando {CARRIER_NAMES[current]}…
        </Text>
        <Progress value={progress} size="sm" radius="xl" animated striped maw={420} mx="auto" aria-hidden="true" />
      </div>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className={classes.skeletonCard} />
      ))}
    </Stack>
  );
}
