import { useState, type ReactNode } from 'react';
import { Link, NavLink, Outlet, ScrollRestoration } from 'react-router';
import { AppShell, Burger, Group, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSearch } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { TrackSearch } from './track-search';

export interface DashboardNavItem {
  label: string;
  to: string;
  /** Active only on this exact path (the statistics at /dashboard, not /dashboard/shipment/new). */
  end?: boolean;
}

export interface DashboardLayoutProps {
  /** Sidebar entries for everyone signed in. */
  nav: DashboardNavItem[];
  /** Extra entries shown under "Administración" (admins only; empty for others). */
  adminNav?: DashboardNavItem[];
  /** The full-name menu of the top bar. */
  account: ReactNode;
  /** Shows a guide searched with Rastrear (the tracking modal); without it the search opens /rastreo/{guide}. */
  onTrack?: (guide: string) => void;
  /** A notice at the top of every page (the sandbox payments banner). */
  notice?: ReactNode;
  /** Help one tap away on every page: the floating WhatsApp and phone buttons. */
  floating?: ReactNode;
  children?: ReactNode;
}

function SideLink({ item, onNavigate }: { item: DashboardNavItem; onNavigate: () => void }) {
  return (
    <NavLink
      to={item.to}
      end={item.end}
      onClick={onNavigate}
      style={({ isActive }) => ({
        display: 'block',
        padding: '8px 12px',
        borderRadius: 8,
        textDecoration: 'none',
        fontWeight: isActive ? 700 : 500,
        color: isActive ? 'var(--mantine-color-brand-8)' : 'var(--mantine-color-text)',
        background: isActive ? 'var(--mantine-color-brand-0)' : 'transparent',
      })}
    >
      {item.label}
    </NavLink>
  );
}

/**
 * Signed-in screens: a top bar with the Rastrear toggle ('N° de guía')
 * and the full-name menu, and a sidebar with the entries given.
 */
export function DashboardLayout({ nav, adminNav = [], account, onTrack, notice, floating, children }: DashboardLayoutProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [tracking, setTracking] = useState(false);

  return (
    <AppShell header={{ height: 64 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="lg">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={opened ? 'Cerrar menú' : 'Abrir menú'} />
            <Link to={paths.home} aria-label="Envíos MX, ir al inicio">
              <Logo height={30} />
            </Link>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <UnstyledButton
              onClick={() => setTracking((v) => !v)}
              aria-expanded={tracking}
              aria-controls="panel-rastreo"
              style={{ display: 'flex', alignItems: 'center', gap: 6, padding: '6px 10px', fontWeight: 600 }}
            >
              <IconSearch size={18} />
              Rastrear
            </UnstyledButton>
            {account}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="md" aria-label="Menú del panel">
        {/* The admin's entries outgrow a laptop's height: the sidebar scrolls on its own. */}
        <AppShell.Section grow component={ScrollArea} type="auto">
          <Stack gap={4}>
            {nav.map((item) => (
              <SideLink key={item.to} item={item} onNavigate={close} />
            ))}
            {adminNav.length > 0 && (
              <>
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="md" mb={4} px={12}>
                  Administración
                </Text>
                {adminNav.map((item) => (
                  <SideLink key={item.to} item={item} onNavigate={close} />
                ))}
              </>
            )}
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        {notice && (
          <div style={{ margin: 'calc(-1 * var(--mantine-spacing-lg)) calc(-1 * var(--mantine-spacing-lg)) var(--mantine-spacing-md)' }}>{notice}</div>
        )}
        <div id="panel-rastreo" hidden={!tracking} style={{ marginBottom: 16 }}>
          {tracking && <TrackSearch autoFocus onTrack={onTrack} onSearched={() => setTracking(false)} />}
        </div>
        {/* Room under the last line of a page, so the floating buttons never sit on its last button. */}
        <div id="contenido" style={floating ? { paddingBottom: 128 } : undefined}>
          {children ?? <Outlet />}
        </div>
        {floating}
      </AppShell.Main>
      <ScrollRestoration />
    </AppShell>
  );
}
