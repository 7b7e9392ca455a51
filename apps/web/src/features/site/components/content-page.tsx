import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Container, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@/components/ui/icons';
import classes from './content.module.css';

export interface ContentPageProps {
  /** The h1's id, which labels the page's section. */
  id: string;
  kicker: string;
  title: string;
  lead?: ReactNode;
  /** A line under the lead (e.g. 'Última actualización: …'). */
  meta?: ReactNode;
  /** `md` for reading pages, `lg` for pages with cards. */
  size?: 'md' | 'lg';
  children: ReactNode;
}

/** The frame every content page shares: a header band with the title, then one reading column. */
export function ContentPage({ id, kicker, title, lead, meta, size = 'md', children }: ContentPageProps) {
  return (
    <article aria-labelledby={id}>
      <header className={classes.header}>
        <Container size={size}>
          <Text component="p" className={classes.kicker}>
            {kicker}
          </Text>
          <Title order={1} id={id} className={classes.title}>
            {title}
          </Title>
          {lead && <p className={classes.lead}>{lead}</p>}
          {meta && <p className={classes.meta}>{meta}</p>}
        </Container>
      </header>
      <Container size={size} className={classes.body}>
        {children}
      </Container>
    </article>
  );
}

/** The dark call-to-action band at the end of a page ('REGÍSTRATE', 'Registrarme'). */
export function CallToAction({ text, to, label }: { text: string; to: string; label: string }) {
  return (
    <div className={classes.cta}>
      <p>{text}</p>
      <Link to={to} className={classes.ctaButton}>
        {label}
        <IconArrowRight size={18} />
      </Link>
    </div>
  );
}

/** A company fact the operator has not configured yet: said plainly, never made up. */
export function Pending({ what }: { what: string }) {
  return <span className={classes.pending}>{what} pendiente de publicar</span>;
}
