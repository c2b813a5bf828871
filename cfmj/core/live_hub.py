"""One Redis subscription per process, shared by every stream of the push channel in it
(cfmj/core/live.py). One subscription per stream ran out of Redis connections past 100 streams
(/work/shared/STACK-NOTES.md, "Pushing live updates"); one per process served 500 streams.

The hub subscribes to a topic's channel when its first stream joins and unsubscribes when its
last leaves; a single reader task hands each version published to the queues of that topic's
streams. A queue is small: when it is full its oldest version is dropped (versions only go up,
so the newest is all a stream needs). If Redis fails, every stream is ended (its queue gets END)
and the hub starts afresh on the next join: the pages poll meanwhile and reconnect later.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from typing import Any

import redis.asyncio as aioredis
from redis.asyncio.client import PubSub
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import RedisError

logger = logging.getLogger("cfmj.core.live")

CHANNEL_PREFIX = "cfmj:live:"
QUEUE_SIZE = 4
END = None  # put in a stream's queue when the hub has lost Redis: the stream ends

Queue = asyncio.Queue[int | None]


def channel(topic: str) -> str:
    return CHANNEL_PREFIX + topic


class Hub:
    """The streams of one process (and one event loop), by topic, over one Redis subscription."""

    def __init__(self, url: str, *, timeout: float) -> None:
        self._url = url
        self._timeout = timeout
        self._streams: dict[str, set[Queue]] = {}
        self._client: aioredis.Redis | None = None
        self._pubsub: PubSub | None = None
        self._reader: asyncio.Task[None] | None = None
        self._confirmations: dict[str, asyncio.Future[None]] = {}
        self._lock = asyncio.Lock()

    @property
    def topics(self) -> int:
        """Topics subscribed to (each one channel of the shared subscription)."""
        return len(self._streams)

    @property
    def streams(self) -> int:
        return sum(len(queues) for queues in self._streams.values())

    async def connect(self) -> None:
        """Opens the subscription's connection unless it is open: raises RedisError or OSError when
        Redis does not answer, so that a stream can be refused before it starts."""
        async with self._lock:
            await self._connected()

    async def join(self, topic: str) -> Queue:
        """A new stream's queue on `topic`; returns once Redis has confirmed the subscription, so
        that anything published afterwards reaches the queue. Raises RedisError or OSError."""
        queue: Queue = asyncio.Queue(maxsize=QUEUE_SIZE)
        async with self._lock:
            pubsub = await self._connected()
            if topic not in self._streams:
                try:
                    await self._subscribe(pubsub, topic)
                except (RedisError, OSError) as error:
                    await self._reset(error)  # an unconfirmed subscription: Redis is away or frozen
                    raise
                self._streams[topic] = set()
            self._streams[topic].add(queue)
        return queue

    async def leave(self, topic: str, queue: Queue) -> None:
        """Forgets a stream at once (no await before that, so a cancelled stream is forgotten too);
        unsubscribes when it was the topic's last, and closes the connection with the last topic."""
        queues = self._streams.get(topic)
        if queues is None or queue not in queues:
            return  # the hub was reset meanwhile
        queues.discard(queue)
        if queues:
            return
        del self._streams[topic]
        async with self._lock:
            if topic in self._streams or self._pubsub is None:
                return  # joined again meanwhile, or already closed
            if not self._streams:
                await self._close()
                return
            try:
                await self._pubsub.unsubscribe(channel(topic))
            except (RedisError, OSError) as error:
                await self._reset(error)

    async def _connected(self) -> PubSub:
        if self._pubsub is not None:
            return self._pubsub
        client = aioredis.Redis.from_url(
            self._url,
            socket_timeout=self._timeout,
            socket_connect_timeout=self._timeout,
            retry=Retry(NoBackoff(), 0),
            client_name=f"cfmj-live-{os.getpid()}",  # this process's subscription, in CLIENT LIST
        )
        pubsub = client.pubsub()
        try:
            await pubsub.connect()
        except (RedisError, OSError):
            await pubsub.aclose()
            await client.aclose()
            raise
        self._client, self._pubsub = client, pubsub
        self._reader = asyncio.create_task(self._read(pubsub), name="cfmj.core.live_hub reader")
        return pubsub

    async def _subscribe(self, pubsub: PubSub, topic: str) -> None:
        confirmed = asyncio.get_running_loop().create_future()
        self._confirmations[topic] = confirmed
        try:
            await pubsub.subscribe(channel(topic))
            await asyncio.wait_for(confirmed, self._timeout)
        except TimeoutError:
            raise RedisError(f"Redis did not confirm the subscription to {channel(topic)}") from None
        finally:
            self._confirmations.pop(topic, None)

    async def _read(self, pubsub: PubSub) -> None:
        """The one reader: hands each version to its topic's queues until cancelled or Redis fails."""
        try:
            while True:
                message = await pubsub.get_message(timeout=None)
                if message is not None:
                    self._receive(message)
        except (RedisError, OSError) as error:
            logger.warning(
                "live: the subscription to Redis failed, ending %d streams: %s", self.streams, error
            )
            self._fail_confirmations(error)  # a join waiting for one holds the lock
            async with self._lock:
                if self._pubsub is pubsub:
                    await self._reset(error)

    def _receive(self, message: dict[str, Any]) -> None:
        name = message["channel"]
        topic = (name.decode() if isinstance(name, bytes) else str(name)).removeprefix(CHANNEL_PREFIX)
        if message["type"] == "subscribe":
            confirmed = self._confirmations.get(topic)
            if confirmed is not None and not confirmed.done():
                confirmed.set_result(None)
        elif message["type"] == "message":
            try:
                version = int(message["data"])
            except ValueError:
                logger.warning("live: ignored a message on %s that is not a version", name)
                return
            for queue in self._streams.get(topic, ()):
                offer(queue, version)

    async def _reset(self, error: BaseException) -> None:
        """Ends every stream and closes the connection; the next join starts afresh. The lock is held."""
        for queues in self._streams.values():
            for queue in queues:
                offer(queue, END)
        self._streams.clear()
        self._fail_confirmations(error)
        await self._close()

    def _fail_confirmations(self, error: BaseException) -> None:
        for confirmed in self._confirmations.values():
            if not confirmed.done():
                confirmed.set_exception(RedisError(f"the subscription failed: {error}"))

    async def _close(self) -> None:
        reader, pubsub, client = self._reader, self._pubsub, self._client
        self._reader = self._pubsub = self._client = None
        if reader is not None and reader is not asyncio.current_task():
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await reader
        with contextlib.suppress(RedisError, OSError):
            if pubsub is not None:
                await pubsub.aclose()
            if client is not None:
                await client.aclose()


def offer(queue: Queue, item: int | None) -> None:
    """Puts `item` in the queue, dropping the oldest when it is full."""
    while True:
        try:
            queue.put_nowait(item)
        except asyncio.QueueFull:
            queue.get_nowait()
        else:
            return
