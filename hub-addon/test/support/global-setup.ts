// Every temporary folder of this run (data and config folders, the cloud's database) in one, removed at the end.
import { useRunTempRoot } from '@offpeak/cloud/testing';

export default () => useRunTempRoot('hub-addon-tests');
