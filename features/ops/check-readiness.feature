Feature: Check readiness
  The service is ready for traffic when every dependency the config uses
  answers; liveness (`/ai/health`) is a separate question.

  Scenario: With no dependencies configured the service is ready
    When I check readiness
    Then the service is "ok"

  Scenario: Every dependency answers
    Given the dependency "redis" is up
    When I check readiness
    Then the service is "ok"
    And the check "redis" passed

  Scenario: One dependency is down
    Given the dependency "redis.rateLimit" is up
    And the dependency "redis.conversations" is down
    When I check readiness
    Then the service is "degraded"
    And the check "redis.rateLimit" passed
    And the check "redis.conversations" failed with "connection refused"

  Scenario: A check that throws counts as a failed check, not a failed probe
    Given the dependency "redis" is broken with "socket exploded"
    When I check readiness
    Then the service is "degraded"
    And the check "redis" failed with "socket exploded"
