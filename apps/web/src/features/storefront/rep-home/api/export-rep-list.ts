import { fillPath } from '@store/domain/contract/endpoint';
import { exportRepList } from '@store/domain/contract/rep-home';
import type { TRepHomeList } from '@store/domain/rep-home';
import { buildUrl } from '../../../../lib/api-client';

/** The address of a list's CSV for this search (a link: the browser downloads the streamed file). */
export const repListCsvHref = (list: TRepHomeList, q: string) => buildUrl(fillPath(exportRepList.path, { list }), { q: q || undefined });
