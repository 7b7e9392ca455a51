import type { ReactNode } from 'react';
import { Container, Paper, Text, Title } from '@mantine/core';
import { IconCheck } from '@/components/ui/icons';
import classes from './home.module.css';

/** Where "Cotizar" links elsewhere on the page jump to. */
export const QUOTE_ANCHOR = 'cotizar';

const CARRIERS = ['DHL', 'FedEx', 'Redpack', 'Estafeta', 'AM/PM'];

const PROMISES = ['Mismo precio de 1 a 5 kg a todo México', 'Paga con PayPal, tarjeta, OXXO o Monedero', 'Sin contratos ni envíos mínimos'];

/** Holds the form's place (same fields, same height) for the moment its code is on the way. */
export function QuoteFormPlaceholder() {
  return (
    <div className={classes.formPlaceholder} aria-busy="true" aria-label="Cargando el cotizador">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className={classes.placeholderField} />
      ))}
      <div className={classes.placeholderWide} />
      <div className={classes.placeholderField} />
      <div className={classes.placeholderButton} />
    </div>
  );
}

/** The first screen: what we do, in one sentence, beside the quote form. */
export function HomeHero({ form }: { form: ReactNode }) {
  return (
    <section className={classes.hero} aria-labelledby="hero-titulo">
      <Container size="lg" className={classes.heroGrid}>
        <div className={classes.heroCopy}>
          <Text component="p" className={classes.eyebrow}>
            Paquetería nacional e internacional
          </Text>
          <Title order={1} id="hero-titulo" className={classes.heroTitle}>
            Envía paquetes a todo México al mejor precio
          </Title>
          <Text className={classes.heroLead}>
            Compara en segundos las tarifas de DHL, FedEx, Redpack, Estafeta y AM/PM, compra tu guía en línea y agenda la recolección.
          </Text>
        </div>

        <Paper id={QUOTE_ANCHOR} className={classes.quoteCard} shadow="lg" radius="lg" withBorder>
          <Title order={2} className={classes.quoteTitle}>
            Cotiza tu envío
          </Title>
          {form}
        </Paper>

        <div className={classes.heroAside}>
          <ul className={classes.promises}>
            {PROMISES.map((p) => (
              <li key={p}>
                <span className={classes.promiseIcon}>
                  <IconCheck size={16} strokeWidth={2.6} />
                </span>
                {p}
              </li>
            ))}
          </ul>
          <div className={classes.carriers}>
            <p className={classes.carriersTitle} id="paqueterias-titulo">
              Comparamos por ti las tarifas de
            </p>
            <ul className={classes.carrierList} aria-labelledby="paqueterias-titulo">
              {CARRIERS.map((c) => (
                <li key={c} className={classes.carrier}>
                  {c}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </Container>
    </section>
  );
}
