// `history/history_during_period` (core history/websocket_api.py): the recorded states of some
// entities between two instants, in the compressed format. The checks run in Core's order:
// schema, start_time, end_time, a start in the future ({}), then the entity ids.
import { parseDatetime, StateHistory } from '../history.js';
import { Invalid, literal, positiveInt, validateMapping, vBool, vStr, type Validator } from '../validation.js';
import type { Command } from './commands.js';
import { errorMessage, resultMessage, type Json } from './messages.js';
import { microsFromMs } from '../time.js';

/** voluptuous `[str]`: a list whose items are strings. */
const strList: Validator = (v) => {
  if (!Array.isArray(v)) throw new Invalid('expected list');
  return v.map((item, i) => {
    if (typeof item !== 'string') throw new Invalid('expected str', [i]);
    return item;
  });
};

const historySchema = (msg: Json): Json =>
  validateMapping(msg, {
    id: { required: true, validate: positiveInt },
    type: { required: true, validate: literal('history/history_during_period') },
    start_time: { required: true, validate: vStr },
    end_time: { validate: vStr },
    entity_ids: { required: true, validate: strList },
    include_start_time_state: { validate: vBool, default: true },
    significant_changes_only: { validate: vBool, default: true },
    minimal_response: { validate: vBool, default: false },
    no_attributes: { validate: vBool, default: false },
  });

export const HISTORY_COMMANDS: Record<string, Command> = {
  'history/history_during_period': {
    schema: historySchema,
    handler: (conn, msg, { sim, history, timeZone }) => {
      const start = parseDatetime(msg.start_time as string, timeZone());
      if (start === null) return conn.send(errorMessage(msg.id, 'invalid_start_time', 'Invalid start_time'));
      let end: number | null = null;
      if (msg.end_time) {
        end = parseDatetime(msg.end_time as string, timeZone());
        if (end === null) return conn.send(errorMessage(msg.id, 'invalid_end_time', 'Invalid end_time'));
      }
      if (start > microsFromMs(sim.nowMs())) return conn.send(resultMessage(msg.id, {}));
      const entityIds = msg.entity_ids as string[];
      if (!entityIds.every((id) => StateHistory.acceptsEntityId(sim.states.get(id) !== undefined, id))) {
        return conn.send(errorMessage(msg.id, 'invalid_entity_ids', 'Invalid entity_ids'));
      }
      conn.send(
        resultMessage(
          msg.id,
          history.query({
            entityIds,
            start,
            end,
            includeStartTimeState: msg.include_start_time_state as boolean,
            significantChangesOnly: msg.significant_changes_only as boolean,
            minimalResponse: msg.minimal_response as boolean,
            noAttributes: msg.no_attributes as boolean,
          }),
        ),
      );
    },
  },
};
