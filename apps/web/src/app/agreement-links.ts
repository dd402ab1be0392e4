import { linkDestination } from '@shop/domain';
import { useBasicTemplate } from '@/features/content/api/get-template';
import type { AgreementLinks } from '@/features/member/components/register-form';

/** The 用户协议 and 隐私政策 articles the basic template names, for the registration form (app composes both). */
export function useAgreementLinks(): AgreementLinks {
  const agreements = useBasicTemplate().data?.agreements;
  return {
    terms: agreements?.terms ? linkDestination(agreements.terms) : undefined,
    privacy: agreements?.privacy ? linkDestination(agreements.privacy) : undefined,
  };
}
