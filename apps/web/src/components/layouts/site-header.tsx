import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { Burger, Button, Container, Group, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import classes from './public-layout.module.css';

// Both appear only on request, so their code (and Mantine's inputs and drawer) waits until then.
const loadMobileNav = () => import('./mobile-nav');
const MobileNav = lazy(loadMobileNav);
const loadTrackSearch = () => import('./track-search');
const TrackSearch = lazy(() => loadTrackSearch().then((m) => ({ default: m.TrackSearch })));

export interface SiteHeaderProps {
  /** Replaces Iniciar sesión / Regístrate, e.g. with a signed-in user's menu. */
  account?: ReactNode;
  /** The menu as the mobile drawer shows it (the person's name, not initials); `account` when absent. */
  drawerAccount?: ReactNode;
  /** Shows a searched guide (the tracking modal); without it Rastrear opens /rastreo/{guide}. */
  onTrack?: (guide: string) => void;
}

/** Public navbar: Rastrear, Inicio, Blog, Iniciar sesión, Regístrate. */
export function SiteHeader({ account, drawerAccount, onTrack }: SiteHeaderProps) {
  const trackPanelId = useId();
  const menuId = useId();
  const [trackOpen, setTrackOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  // The drawer's code is fetched the first time the menu is wanted, never on page load.
  const [menuWanted, setMenuWanted] = useState(false);

  const toggleTrack = () => setTrackOpen((open) => !open);
  const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${classes.navLink} ${classes.navLinkActive}` : classes.navLink);

  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.bar}>
        <Link to={paths.home} className={classes.brand}>
          <Logo height={34} />
        </Link>

        <nav aria-label="Principal" className={classes.desktopNav}>
          <UnstyledButton
            className={`${classes.navLink} ${trackOpen ? classes.navLinkActive : ''}`}
            aria-expanded={trackOpen}
            aria-controls={trackPanelId}
            onClick={toggleTrack}
            onPointerEnter={() => void loadTrackSearch()}
            onFocus={() => void loadTrackSearch()}
          >
            <IconSearch size={18} />
            Rastrear
          </UnstyledButton>
          <NavLink to={paths.home} end className={navClass}>
            Inicio
          </NavLink>
          <NavLink to={paths.blog} className={navClass}>
            Blog
          </NavLink>
          {account ?? (
            <Group gap="xs" ml="sm" wrap="nowrap">
              <Button component={Link} to={paths.signIn} variant="default">
                Iniciar sesión
              </Button>
              <Button component={Link} to={paths.signUp}>
                Regístrate
              </Button>
            </Group>
          )}
        </nav>

        <div className={classes.mobileActions}>
          <UnstyledButton
            className={classes.navLink}
            aria-expanded={trackOpen}
            aria-controls={trackPanelId}
            onClick={toggleTrack}
            onPointerEnter={() => void loadTrackSearch()}
            onFocus={() => void loadTrackSearch()}
          >
            <IconSearch size={18} />
            Rastrear
          </UnstyledButton>
          <Burger
            opened={menuOpen}
            onClick={() => {
              setMenuWanted(true);
              setMenuOpen((open) => !open);
            }}
            onPointerEnter={() => void loadMobileNav()}
            onFocus={() => void loadMobileNav()}
            aria-label={menuOpen ? 'Cerrar menú' : 'Abrir menú'}
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? menuId : undefined}
            size="sm"
          />
        </div>
      </Container>

      <div id={trackPanelId} hidden={!trackOpen} className={classes.trackPanel}>
        {trackOpen && (
          <Container size="lg">
            <Suspense fallback={<div className={classes.trackFallback} />}>
              <TrackSearch autoFocus onTrack={onTrack} onSearched={() => setTrackOpen(false)} />
            </Suspense>
          </Container>
        )}
      </div>

      {menuWanted && (
        <Suspense fallback={null}>
          <MobileNav
            id={menuId}
            opened={menuOpen}
            onClose={() => setMenuOpen(false)}
            onTrack={() => {
              setMenuOpen(false);
              setTrackOpen(true);
            }}
            account={drawerAccount ?? account}
          />
        </Suspense>
      )}
    </header>
  );
}
