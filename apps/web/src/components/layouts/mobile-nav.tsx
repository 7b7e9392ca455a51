import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { Button, Divider, Drawer, Stack, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import classes from './public-layout.module.css';

export interface MobileNavProps {
  id: string;
  opened: boolean;
  onClose: () => void;
  onTrack: () => void;
  account?: ReactNode;
}

/** The burger menu's drawer: loaded only when a person opens it. Focus stays inside while open. */
export default function MobileNav({ id, opened, onClose, onTrack, account }: MobileNavProps) {
  const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${classes.drawerLink} ${classes.navLinkActive}` : classes.drawerLink);
  return (
    <Drawer
      id={id}
      opened={opened}
      onClose={onClose}
      position="right"
      size="min(20rem, 85vw)"
      title={<Logo height={28} />}
      closeButtonProps={{ 'aria-label': 'Cerrar menú' }}
      hiddenFrom="md"
    >
      <nav aria-label="Menú principal">
        <Stack gap={4}>
          <UnstyledButton className={classes.drawerLink} onClick={onTrack}>
            <IconSearch size={18} />
            Rastrear
          </UnstyledButton>
          <NavLink to={paths.home} end className={navClass} onClick={onClose}>
            Inicio
          </NavLink>
          <NavLink to={paths.blog} className={navClass} onClick={onClose}>
            Blog
          </NavLink>
          <Divider my="sm" />
          {account ?? (
            <Stack gap="xs">
              <Button component={Link} to={paths.signIn} variant="default" onClick={onClose} fullWidth>
                Iniciar sesión
              </Button>
              <Button component={Link} to={paths.signUp} onClick={onClose} fullWidth>
                Regístrate
              </Button>
            </Stack>
          )}
        </Stack>
      </nav>
    </Drawer>
  );
}
