// Ports of the server the flows run against. E2E_PORT lets two runs on one machine use their own
// server; the embedded MQTT broker's port follows it (realtime flows publish module messages to
// it), so two runs never share a broker and 1883 may stay with another server.
export const e2ePort = Number(process.env.E2E_PORT ?? 8097);

export const e2eMqttPort = Number(process.env.E2E_MQTT_PORT ?? e2ePort + 10_000);
