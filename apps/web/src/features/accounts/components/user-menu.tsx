import { Link, useNavigate } from 'react-router';
import { Avatar, Box, Menu, UnstyledButton } from '@mantine/core';
import type { User } from '@envios/contracts/accounts';
import { useSignOut } from '../api/sign-out';

export interface UserMenuLink {
  label: string;
  to: string;
  /** Shown only to admins. */
  adminOnly?: boolean;
}

export interface UserMenuProps {
  user: Pick<User, 'firstName' | 'lastName' | 'rol'>;
  /** Account entries (Configuración, Mis Envíos …), in order. */
  links: UserMenuLink[];
  /** A second group (help: Guía de inicio, Contactanos …). */
  helpLinks?: UserMenuLink[];
  /** Where sign-out leads (spec: /). */
  afterSignOut: string;
  /** The navbar's menu says 'Cerrar Sesión', the top bar's 'Cerrar sesión'. */
  signOutLabel?: string;
  /** Where it sits: the top bar folds the name into initials on a phone; the mobile drawer always shows the name. */
  placement?: 'bar' | 'drawer';
}

/**
 * The signed-in person's dropdown: their full name, the entries given, and Cerrar sesión, which
 * revokes the session on the server before leaving.
 */
export function UserMenu({ user, links, helpLinks = [], afterSignOut, signOutLabel = 'Cerrar sesión', placement = 'bar' }: UserMenuProps) {
  const drawer = placement === 'drawer';
  const navigate = useNavigate();
  const signOut = useSignOut();
  const visible = (l: UserMenuLink) => !l.adminOnly || user.rol === 'admin';
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const initials = [user.firstName, user.lastName].map((n) => n.trim().charAt(0).toUpperCase()).join('');

  return (
    <Menu position={drawer ? 'bottom-start' : 'bottom-end'} withinPortal shadow="md" width={230}>
      <Menu.Target>
        {/* On a phone the name folds into its initials; the menu and its accessible name stay the same. */}
        <UnstyledButton
          aria-label={`Menú de ${fullName}`}
          title={fullName}
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            padding: '4px',
            borderRadius: 8,
            color: 'var(--mantine-color-brand-8)',
            fontWeight: 700,
            minWidth: 0,
          }}
        >
          <Avatar size={30} radius="xl" color="brand" variant="light" aria-hidden>
            {initials}
          </Avatar>
          <Box
            component="span"
            {...(drawer ? {} : { visibleFrom: 'sm' })}
            style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: 220 }}
          >
            {fullName}
          </Box>
          <Box component="span" {...(drawer ? {} : { visibleFrom: 'sm' })} aria-hidden>
            ▾
          </Box>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{fullName}</Menu.Label>
        {links.filter(visible).map((l) => (
          <Menu.Item key={l.to} component={Link} to={l.to}>
            {l.label}
          </Menu.Item>
        ))}
        {helpLinks.length > 0 && (
          <>
            <Menu.Divider />
            <Menu.Label>Ayuda</Menu.Label>
            {helpLinks.filter(visible).map((l) => (
              <Menu.Item key={l.to} component={Link} to={l.to}>
                {l.label}
              </Menu.Item>
            ))}
          </>
        )}
        <Menu.Divider />
        <Menu.Item color="red" disabled={signOut.isPending} onClick={() => signOut.mutate(undefined, { onSettled: () => void navigate(afterSignOut) })}>
          {signOutLabel}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
