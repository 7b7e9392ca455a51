import { useAccount } from '../api/get-user';

/** A person's full name by account id (admin lists); the id's start while it loads or if it is gone. */
export function UserName({ id }: { id: string }) {
  const user = useAccount(id).data;
  if (!user) return <span title={id}>{id.slice(0, 8)}…</span>;
  return (
    <span title={user.email}>
      {user.firstName} {user.lastName}
    </span>
  );
}
