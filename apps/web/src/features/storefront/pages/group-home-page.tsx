import { RequireAccount } from './require-account';
import { EnrollmentHome } from './enrollment-home-page';
import { GroupHomePanel } from '../group-home/group-home-panel';

/** /group-home: the signed-in group administrator: the start-enrollment flow, then their group's employees and enrollment. */
export function GroupHomePage() {
  return (
    <RequireAccount role="group">
      {(me) => (
        <>
          <EnrollmentHome kind="group" me={me} />
          <GroupHomePanel />
        </>
      )}
    </RequireAccount>
  );
}
