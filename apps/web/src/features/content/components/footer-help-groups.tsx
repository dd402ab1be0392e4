import { type BasicTemplate, linkDestination } from '@shop/domain';
import { SmartLink } from '@/components/smart-link';

/**
 * The footer link groups of the basic template (spec §3 'General state'): the first element of each group is
 * its heading, the rest are its links, each leading where linkDestination says (spec §2).
 */
export function FooterHelpGroups({ helps }: { helps: BasicTemplate['helps'] }) {
  return (
    <div className="footer-groups">
      {helps.map((group, index) => {
        const [heading, ...links] = group;
        if (!heading) return null;
        return (
          // Groups have no id; their order in the template is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: template order
          <nav key={index} className="footer-group" aria-label={heading.title}>
            <h2 className="footer-group-title">{heading.title}</h2>
            <ul>
              {links.map((item, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: template order
                <li key={i}>
                  {item.link ? (
                    <SmartLink to={linkDestination(item.link)}>{item.title}</SmartLink>
                  ) : (
                    <span>{item.title}</span>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        );
      })}
    </div>
  );
}
