import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import type { SenseModule } from '@liftwacht/contracts/sense-modules';
import { paths } from '../../../app/paths.ts';

type ModuleLift = NonNullable<SenseModule['lift']>;

/** A lift as the module pages show it: its name linking to the lift page, the address under it. */
export function ModuleLiftLink({ lift }: { lift: ModuleLift }) {
  return (
    <>
      <Link component={RouterLink} to={paths.lift(lift.id)}>
        {lift.name}
      </Link>
      <br />
      <span>{lift.address}</span>
    </>
  );
}
