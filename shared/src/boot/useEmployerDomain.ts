import { useAppSelector } from '../store/store';
import { selectGroupId } from '../store/sessionSlice';
import { useLocation } from '../navigation/useLocation';

/**
 * The employer domain every call and offer path carries: the page's group id from the starting data, else the
 * address's `domain` parameter (offer links are built as /careers/{path}?domain={groupId}), else ''.
 */
export function useEmployerDomain(): string {
  const groupId = useAppSelector(selectGroupId);
  const { searchParams } = useLocation();
  return groupId || searchParams.get('domain') || '';
}
