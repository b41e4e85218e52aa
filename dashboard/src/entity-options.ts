// Pure: the hub entities an entity field offers (docs/hub-entities.md), the ones matching what the
// person typed, and the sentence saying where they come from.
import type { HubEntity, HubEntityList } from '@offpeak/cloud/contract';

/** Most options shown at once; typing narrows the rest down. */
export const MAX_SHOWN_OPTIONS = 50;

/** The reported entities of the field's domains. */
export const entityChoices = (entities: readonly HubEntity[], domains: readonly string[]): HubEntity[] => entities.filter((e) => domains.includes(e.domain));

/**
 * The choices whose name or id contain every word typed (any case), at most MAX_SHOWN_OPTIONS. A
 * field holding one choice's exact id offers them all: it holds a pick, and opening it is to change it.
 */
export function matchingEntities(choices: readonly HubEntity[], query: string): HubEntity[] {
  const isPicked = choices.some((e) => e.entity_id === query.trim());
  const words = isPicked ? [] : query.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = choices.filter((e) => {
    const text = `${e.friendly_name ?? ''} ${e.entity_id}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
  return matches.slice(0, MAX_SHOWN_OPTIONS);
}

const domainsText = (domains: readonly string[]) => domains.map((d) => `${d}.*`).join(' or ');

/** Where the field's choices come from, and what to do when there are none. */
export function entitySourceNote(list: HubEntityList, domains: readonly string[]): string {
  if (list.reported_at === null) {
    return 'No entities reported yet: install and start the Offpeak add-on in Home Assistant and its entities are listed here. You can type an id meanwhile.';
  }
  const count = entityChoices(list.entities, domains).length;
  if (count === 0) return `Home Assistant reported no ${domainsText(domains)} entity through the Offpeak add-on; type the id if it has another.`;
  if (count === 1) return `Pick the ${domainsText(domains)} entity the Offpeak add-on reported from Home Assistant, or type an id.`;
  return `Pick one of the ${count} ${domainsText(domains)} entities the Offpeak add-on reported from Home Assistant (type to search), or type an id.`;
}

/** A field's description followed by where its choices come from (only the description while the list is not loaded). */
export const entityFieldHint = (hint: string | undefined, list: HubEntityList | undefined, domains: readonly string[]): string | undefined =>
  list ? [hint, entitySourceNote(list, domains)].filter(Boolean).join(' ') : hint;
