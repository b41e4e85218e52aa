// Every temporary folder of this run (state folders, the real cloud's database) in one, removed at the end.
import { useRunTempRoot } from '@offpeak/cloud/testing';

export default () => useRunTempRoot('firmware-sim-tests');
