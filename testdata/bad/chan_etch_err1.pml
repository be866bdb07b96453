// want: 35:8: error: proctype Agent expects 2 arguments but 1 supplied
// The client-server model of the ETCH paper (adapted from Holzmann's book).
// The mtype 'return' is renamed 'ret': SPIN 6 reserves 'return' as a keyword.
mtype = { request, deny, hold, grant, ret };
chan server = [0] of { mtype, chan };
chan null = [0] of { mtype, chan };

proctype Agent(chan listen, talk)
{
	do
	:: talk!hold(listen)
	:: talk!deny(listen) -> break
	:: talk!grant(listen) ->
wait:	listen?ret(null); break
	od;
	server!ret(listen)
}

active proctype Server()
{
	chan agents[2] = [0] of { mtype, chan };
	chan pool = [2] of { chan };
	chan client, agent;
	byte i;
	do
	:: i < 2 -> pool!agents[i]; i++
	:: else -> break
	od;
end:
	do
	:: server?request(client) ->
		if
		:: empty(pool) -> client!deny(null)
		:: nempty(pool) -> pool?agent;
			run Agent(agent)
		fi
	:: server?ret(agent) -> pool!agent
	od
}

active [2] proctype Client()
{
	chan me = [0] of { mtype, chan };
	chan agent;
end:
	do
	:: timeout ->
		server!request(me);
		do
		:: me?hold(agent)
		:: me?deny(agent) -> break
		:: me?grant(agent) ->
			agent!ret(null); break
		od
	od
}
