// mqtt.js, loaded on first use: with the embedded broker nothing in the server connects as a client
// until the module simulator starts, after the server answers, so a restart need not wait for it.
import type mqtt from 'mqtt';
import { lazyModule } from './lazy-module.ts';

export const mqttLibrary = lazyModule<typeof mqtt>('mqtt');
